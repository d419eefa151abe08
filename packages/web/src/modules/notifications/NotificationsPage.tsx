import {
  createNotification,
  listNotifications,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_WORDS,
  NOTIFICATION_STATUS_WORDS,
  NOTIFICATION_STATUSES,
} from '@traction/core';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { ShortcutKey } from '../ui/ShortcutKey';
import { NEW_NOTIFICATION_PATH } from './notificationPaths';

const OPTIONS = {
  status: NOTIFICATION_STATUSES.map((status) => ({ value: status, label: NOTIFICATION_STATUS_WORDS[status] })),
  category: NOTIFICATION_CATEGORIES.map((category) => ({ value: category, label: NOTIFICATION_CATEGORY_WORDS[category] })),
};

/** Notifications: what merchants' apps were told or will be, newest first; a row opens its preview. New notification (n). */
export default function NotificationsPage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const mayWrite = allowed(createNotification);
  const write = () => navigate(NEW_NOTIFICATION_PATH);
  useShortcut('n', 'New notification', write, { enabled: mayWrite });
  return (
    <ListPage
      command={listNotifications}
      title="Notifications"
      description="Notifications in the merchants' app, newest first: drafts, scheduled, published and withdrawn, with their audience and how many merchants they reached. Search by title."
      rowNoun={{ one: 'notification', other: 'notifications' }}
      filterOptions={OPTIONS}
      selectable={false}
      actions={
        mayWrite ? (
          <Button variant="primary" onClick={write} aria-keyshortcuts="n" data-action="new-notification">
            New notification <ShortcutKey>n</ShortcutKey>
          </Button>
        ) : null
      }
    />
  );
}
