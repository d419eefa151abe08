import {
  BROADCAST_CHANNEL_CHOICES,
  BROADCAST_CHANNELS_WORDS,
  BROADCAST_STATUS_WORDS,
  BROADCAST_STATUSES,
  type CommandOutput,
  createBroadcast,
  listBroadcasts,
} from '@traction/core';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { ShortcutKey } from '../ui/ShortcutKey';
import { BROADCAST_FORM_PARTS } from './broadcastFormParts';
import { broadcastPath } from './broadcastPaths';

const OPTIONS = {
  status: BROADCAST_STATUSES.map((status) => ({ value: status, label: BROADCAST_STATUS_WORDS[status] })),
  channels: BROADCAST_CHANNEL_CHOICES.map((choice) => ({ value: choice, label: BROADCAST_CHANNELS_WORDS[choice] })),
};

/** Broadcast Portal: every broadcast by email and SMS, newest first, with what became of its messages; a row opens it. New broadcast (n). */
export default function BroadcastsPage() {
  const navigate = useNavigate();
  const { allowed, open } = useOpenCommand();
  const mayWrite = allowed(createBroadcast);
  const write = () =>
    open({
      command: createBroadcast,
      initial: { channels: 'BOTH', audience: 'ALL' },
      parts: BROADCAST_FORM_PARTS,
      onDone(output: CommandOutput<typeof createBroadcast>) {
        navigate(broadcastPath(output.broadcast.id), { state: { notice: output.message } });
      },
    });
  useShortcut('n', 'New broadcast', write, { enabled: mayWrite });
  return (
    <ListPage
      command={listBroadcasts}
      title="Broadcast Portal"
      description="Messages to merchants' owners by email and SMS, newest first: drafts, those sending, sent (some with failures) and cancelled, with how many messages went, bounced, failed or were skipped. Search by name."
      rowNoun={{ one: 'broadcast', other: 'broadcasts' }}
      filterOptions={OPTIONS}
      selectable={false}
      actions={
        mayWrite ? (
          <Button variant="primary" onClick={write} aria-keyshortcuts="n" data-action="new-broadcast">
            New broadcast <ShortcutKey>n</ShortcutKey>
          </Button>
        ) : null
      }
    />
  );
}
