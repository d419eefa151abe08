import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@traction/core';
import type { FieldNoteProps } from '../forms/FormParts';
import { NotificationPhone } from './NotificationPhone';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Under the message as it is typed: the notification as the merchant app will show it. */
export function NotificationDraftPreview({ values }: FieldNoteProps) {
  const category = (NOTIFICATION_CATEGORIES as readonly string[]).includes(text(values.category))
    ? (text(values.category) as NotificationCategory)
    : 'ANNOUNCEMENT';
  const linkLabel = text(values.linkUrl) ? text(values.linkLabel) || 'Open' : null;
  return (
    <div className="pt-2">
      <NotificationPhone title={text(values.title)} body={text(values.body)} category={category} linkLabel={linkLabel} when="Now" />
    </div>
  );
}
