import { assignWebsiteForm, replyToWebsiteForm, resolveWebsiteForm, type WebsiteFormDetail } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import type { ShortcutButton } from '../ui/ShortcutButtons';

/**
 * What may be done to the submission now — the actions its state allows (the server lists them)
 * that this admin may take — as buttons with their keys, bound while the page is open: a assign
 * (to you unless another admin is named), r reply by email, s resolve with a note.
 */
export function useWebsiteFormActions(form: WebsiteFormDetail | undefined): ShortcutButton[] {
  const { allowed, open } = useOpenCommand();
  const may = (action: WebsiteFormDetail['actions'][number], command: Parameters<typeof allowed>[0]) =>
    !!form && form.actions.includes(action) && allowed(command);
  const mayAssign = may('ASSIGN', assignWebsiteForm);
  const mayReply = may('REPLY', replyToWebsiteForm);
  const mayResolve = may('RESOLVE', resolveWebsiteForm);
  const assign = () => {
    if (form && mayAssign)
      open({
        command: assignWebsiteForm,
        fixed: { id: form.id },
        about: form.reference,
        action: `Assign ${form.reference}`,
        subject: 'To you, unless you name another admin.',
      });
  };
  const reply = () => {
    if (form && mayReply)
      open({
        command: replyToWebsiteForm,
        fixed: { id: form.id },
        about: form.reference,
        action: `Email ${form.name}`,
        subject: `To ${form.email}, quoting ${form.reference}.`,
      });
  };
  const resolve = () => {
    if (form && mayResolve) open({ command: resolveWebsiteForm, fixed: { id: form.id }, about: form.reference, action: `Resolve ${form.reference}` });
  };
  useShortcut('a', 'Assign this submission (to you by default)', assign, { enabled: mayAssign });
  useShortcut('r', 'Reply to the sender by email', reply, { enabled: mayReply });
  useShortcut('s', 'Resolve this submission', resolve, { enabled: mayResolve });
  return [
    { key: 'a', label: 'Assign…', show: mayAssign, run: assign, variant: form?.status === 'NEW' ? 'primary' : 'secondary' },
    { key: 'r', label: 'Reply…', show: mayReply, run: reply, variant: form?.status === 'ASSIGNED' ? 'primary' : 'secondary' },
    { key: 's', label: 'Resolve…', show: mayResolve, run: resolve, variant: 'secondary' },
  ];
}
