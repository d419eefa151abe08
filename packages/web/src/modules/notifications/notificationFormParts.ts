import { audienceFieldApplies } from '@traction/core';
import type { FormParts } from '../forms/FormParts';
import { NotificationDraftPreview } from './NotificationDraftPreview';

/**
 * The notification form over notifications.create and .update: only the audience field its kind
 * uses, the button's words only with a link, and the notification drawn as the app shows it under
 * the message as it is typed.
 */
export const NOTIFICATION_FORM_PARTS: FormParts = {
  notes: { body: NotificationDraftPreview },
  applies: (name, values) =>
    name === 'linkLabel' ? typeof values.linkUrl === 'string' && values.linkUrl.trim() !== '' : audienceFieldApplies(name, values.audience),
};
