import { broadcastAllows, cancelBroadcast, type CommandOutput, type getBroadcast, sendBroadcast, updateBroadcast } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import type { ShortcutButton } from '../ui/ShortcutButtons';
import { BROADCAST_FORM_PARTS } from './broadcastFormParts';

type Detail = CommandOutput<typeof getBroadcast>;
const count = (n: number) => n.toLocaleString('en-NG');

/** "3 emails and 4 SMS to 5 merchants; 1 skipped (opted out or no address)": what sending now does. */
export function sendWords(plan: NonNullable<Detail['plan']>): string {
  const messages = plan.channels
    .map((c) => (c.channel === 'EMAIL' ? `${count(c.messages)} email${c.messages === 1 ? '' : 's'}` : `${count(c.messages)} SMS`))
    .join(' and ');
  const skipped = plan.channels.reduce((sum, c) => sum + c.optedOut + c.noAddress, 0);
  return `${messages} to ${count(plan.merchants)} merchant${plan.merchants === 1 ? '' : 's'}${skipped > 0 ? `; ${count(skipped)} skipped (opted out or no address)` : ''}`;
}

/**
 * What may be done to the broadcast now, as buttons with their keys: e edit (a draft), s send (a
 * draft; the confirmation says how many merchants and messages), c cancel (while sending). The
 * state machine is core's, the same the server enforces; the permission too.
 */
export function useBroadcastActions(detail: Detail | undefined, onSent: (message: string) => void): ShortcutButton[] {
  const { allowed, open } = useOpenCommand();
  const b = detail?.broadcast;
  const may = {
    edit: !!b && broadcastAllows(b.status, 'edit') && allowed(updateBroadcast),
    send: !!b && broadcastAllows(b.status, 'send') && allowed(sendBroadcast),
    cancel: !!b && broadcastAllows(b.status, 'cancel') && allowed(cancelBroadcast),
  };
  const edit = () => {
    if (!b || !may.edit) return;
    open({
      command: updateBroadcast,
      fixed: { id: b.id },
      about: b.name,
      parts: BROADCAST_FORM_PARTS,
      initial: {
        name: b.name,
        channels: b.channels,
        ...(b.emailSubject ? { emailSubject: b.emailSubject } : {}),
        ...(b.emailBody ? { emailBody: b.emailBody } : {}),
        ...(b.smsText ? { smsText: b.smsText } : {}),
        audience: b.audience,
        ...(b.audienceState ? { audienceState: b.audienceState } : {}),
        ...(b.audienceCategory ? { audienceCategory: b.audienceCategory } : {}),
        ...(b.audienceViewId ? { audienceViewId: b.audienceViewId } : {}),
        ...(b.audienceMerchantIds ? { audienceMerchantIds: b.audienceMerchantIds } : {}),
      },
    });
  };
  const send = () => {
    if (!b || !detail?.plan || !may.send) return;
    open({
      command: sendBroadcast,
      fixed: { id: b.id, dryRun: false },
      about: b.name,
      action: `Send “${b.name}”`,
      subject: `${b.audienceWords}: ${sendWords(detail.plan)}. It is sent once and cannot be edited after.`,
      onDone: (output) => onSent(output.message),
    });
  };
  const cancel = () => {
    if (!b || !may.cancel) return;
    open({
      command: cancelBroadcast,
      fixed: { id: b.id },
      about: b.name,
      action: `Cancel “${b.name}”`,
      subject: `Messages not sent yet will not be sent; the ${count(b.sent)} already sent stay sent.`,
    });
  };
  useShortcut('e', 'Edit this broadcast', edit, { enabled: may.edit });
  useShortcut('s', 'Send this broadcast', send, { enabled: may.send });
  useShortcut('c', 'Cancel this broadcast', cancel, { enabled: may.cancel });
  return [
    { key: 's', label: 'Send…', show: may.send, run: send, variant: 'primary', disabled: (detail?.plan?.merchants ?? 0) === 0 },
    { key: 'e', label: 'Edit…', show: may.edit, run: edit, variant: 'secondary' },
    { key: 'c', label: 'Cancel sending…', show: may.cancel, run: cancel, variant: 'danger' },
  ];
}
