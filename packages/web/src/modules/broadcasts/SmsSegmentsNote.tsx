import { broadcastSmsParts, SMS_MAX_PARTS, SMS_OPT_OUT_RESERVE } from '@traction/core';
import type { FieldNoteProps } from '../forms/FormParts';

/**
 * Under the SMS text as it is typed: the parts it will be sent as with its unsubscribe line, and
 * what is left in the last part; unicode (a Yoruba or Igbo mark, an emoji) shrinks every part.
 */
export function SmsSegmentsNote({ values }: FieldNoteProps) {
  const text = typeof values.smsText === 'string' ? values.smsText : '';
  if (!text) return null;
  const parts = broadcastSmsParts(text);
  const over = parts.parts > SMS_MAX_PARTS;
  return (
    <p
      data-testid="sms-segments"
      data-parts={parts.parts}
      className={`pt-1 text-xs ${over ? 'text-red-700 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400'}`}
    >
      {parts.parts} SMS part{parts.parts === 1 ? '' : 's'} of {SMS_MAX_PARTS} with the unsubscribe line (
      {parts.encoding === 'GSM-7' ? 'plain text' : 'unicode: 70 characters a part, 67 when split'}
      ); {over ? 'too long: shorten it' : `${parts.left} characters left in the last part`}. {SMS_OPT_OUT_RESERVE} characters are kept for the link.
    </p>
  );
}
