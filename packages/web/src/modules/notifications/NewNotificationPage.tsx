import { type CommandOutput, createNotification } from '@traction/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { CommandForm } from '../forms/CommandForm';
import type { CommandRequest } from '../forms/commandRequestAtom';
import { PageHeader } from '../ui/PageHeader';
import { NOTIFICATION_FORM_PARTS } from './notificationFormParts';
import { NOTIFICATIONS_PATH, notificationPath } from './notificationPaths';

/**
 * Create Notification: title, message, category, an optional button and the audience, drawn as
 * the app will show it while it is typed. Ctrl+Enter keeps it as a draft and opens its preview,
 * where it is published.
 */
export default function NewNotificationPage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const request = useMemo<CommandRequest>(
    () => ({
      command: createNotification,
      initial: { audience: 'ALL' },
      parts: NOTIFICATION_FORM_PARTS,
      onDone(output) {
        const { notification, message } = output as CommandOutput<typeof createNotification>;
        navigate(notificationPath(notification.id), { state: { notice: message } });
      },
    }),
    [navigate],
  );
  return (
    <div className="max-w-xl" data-page="new-notification">
      <PageHeader
        title="Create Notification"
        description="A message in the merchants' app. It is kept as a draft: preview it, then publish it now or at a time."
      />
      <section aria-label={createNotification.title} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        {allowed(createNotification) ? (
          <CommandForm command={createNotification} request={request} onClose={() => navigate(NOTIFICATIONS_PATH)} autoFocus />
        ) : (
          <p className="text-zinc-500">You need the {createNotification.permission} permission to write notifications.</p>
        )}
      </section>
    </div>
  );
}
