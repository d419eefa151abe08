import { audienceFieldApplies } from '@traction/core';
import type { FormParts } from '../forms/FormParts';
import { SmsSegmentsNote } from './SmsSegmentsNote';

const EMAIL_FIELDS = new Set(['emailSubject', 'emailBody']);

/**
 * The broadcast form over broadcasts.create and .update: the words of the channels chosen only,
 * the audience field its kind uses only, and the SMS parts counted live under the text.
 */
export const BROADCAST_FORM_PARTS: FormParts = {
  notes: { smsText: SmsSegmentsNote },
  applies: (name, values) => {
    const channels = values.channels;
    if (EMAIL_FIELDS.has(name)) return channels === 'EMAIL' || channels === 'BOTH' || channels === undefined || channels === null || channels === '';
    if (name === 'smsText') return channels === 'SMS' || channels === 'BOTH' || channels === undefined || channels === null || channels === '';
    return audienceFieldApplies(name, values.audience);
  },
};
