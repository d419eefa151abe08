import { type CommandOutput, type getNotification, notificationAllows, publishNotification, updateNotification, withdrawNotification } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import type { ShortcutButton } from '../ui/ShortcutButtons';
import { NOTIFICATION_FORM_PARTS } from './notificationFormParts';

type Detail = CommandOutput<typeof getNotification>;

/**
 * What may be done to the notification now, as buttons with their keys: e edit (drafts and
 * scheduled ones), p publish now or at a time, w withdraw. The state machine is core's, the same
 * the server enforces; the permission too.
 */
export function useNotificationActions(detail: Detail | undefined): ShortcutButton[] {
  const { allowed, open } = useOpenCommand();
  const n = detail?.notification;
  const may = {
    edit: !!n && notificationAllows(n.status, 'edit') && allowed(updateNotification),
    publish: !!n && notificationAllows(n.status, 'publish') && allowed(publishNotification),
    withdraw: !!n && notificationAllows(n.status, 'withdraw') && allowed(withdrawNotification),
  };
  const edit = () => {
    if (!n || !may.edit) return;
    open({
      command: updateNotification,
      fixed: { id: n.id },
      about: n.title,
      parts: NOTIFICATION_FORM_PARTS,
      initial: {
        title: n.title,
        body: n.body,
        category: n.category,
        ...(n.linkUrl ? { linkUrl: n.linkUrl } : {}),
        ...(n.linkLabel ? { linkLabel: n.linkLabel } : {}),
        audience: n.audience,
        ...(n.audienceState ? { audienceState: n.audienceState } : {}),
        ...(n.audienceCategory ? { audienceCategory: n.audienceCategory } : {}),
        ...(n.audienceViewId ? { audienceViewId: n.audienceViewId } : {}),
        ...(n.audienceMerchantIds ? { audienceMerchantIds: n.audienceMerchantIds } : {}),
      },
    });
  };
  const publish = () => {
    if (!n || !detail || !may.publish) return;
    open({
      command: publishNotification,
      fixed: { id: n.id },
      about: n.title,
      action: `Publish “${n.title}”`,
      subject: `${n.audienceWords}: about ${detail.reach.toLocaleString('en')} merchants today. Leave the time empty to publish now; once published it cannot be edited, only withdrawn.`,
    });
  };
  const withdraw = () => {
    if (!n || !may.withdraw) return;
    open({
      command: withdrawNotification,
      fixed: { id: n.id },
      about: n.title,
      action: `Withdraw “${n.title}”`,
      subject:
        n.status === 'SCHEDULED'
          ? 'It will not go out. It cannot be published again.'
          : `It leaves the app of ${n.recipients ?? 0} merchants. It cannot be published again.`,
    });
  };
  useShortcut('e', 'Edit this notification', edit, { enabled: may.edit });
  useShortcut('p', 'Publish this notification, now or at a time', publish, { enabled: may.publish });
  useShortcut('w', 'Withdraw this notification', withdraw, { enabled: may.withdraw });
  return [
    { key: 'p', label: 'Publish…', show: may.publish, run: publish, variant: 'primary' },
    { key: 'e', label: 'Edit…', show: may.edit, run: edit, variant: 'secondary' },
    { key: 'w', label: 'Withdraw…', show: may.withdraw, run: withdraw, variant: 'danger' },
  ];
}
