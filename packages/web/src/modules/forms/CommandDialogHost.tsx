import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useFocusReturn } from '../keyboard/useFocusReturn';
import { commandRequestAtom, type CommandRequest } from './commandRequestAtom';
import { CommandForm } from './CommandForm';
import { useRequestParts } from './useRequestParts';

const DANGER_BADGE = {
  confirm: { text: 'Asks to confirm', className: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200' },
  money: { text: 'Moves money', className: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200' },
} as const;

// A new request object is a new form: fresh values, fresh Idempotency-Key.
const formIds = new WeakMap<CommandRequest, number>();
let lastFormId = 0;
function formIdOf(request: CommandRequest): number {
  let id = formIds.get(request);
  if (id === undefined) {
    id = ++lastFormId;
    formIds.set(request, id);
  }
  return id;
}

/**
 * The dialog of whichever command `commandRequestAtom` asks for (palette, bulk bars, pages).
 * Mounted once in the shell; Esc or Cancel closes it and clears the request.
 */
export function CommandDialogHost() {
  const [request, setRequest] = useAtom(commandRequestAtom);
  const command = request?.command;
  const withParts = useRequestParts(request);
  const close = () => setRequest(null);
  // A form whose parts loaded after the dialog opened missed the dialog's first focus: its first field takes it now.
  const panel = useRef<HTMLDivElement>(null);
  const waiting = request !== null && withParts === null;
  const waited = useRef(false);
  useEffect(() => {
    if (waiting) {
      waited.current = true;
      return;
    }
    if (!waited.current) return;
    waited.current = false;
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [waiting]);
  useFocusReturn(request !== null);

  return (
    <Dialog open={request !== null} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[8vh]">
        <DialogPanel
          ref={panel}
          data-testid="command-dialog"
          data-command={command?.id}
          className={`w-full ${withParts?.parts?.wide ? 'max-w-4xl' : 'max-w-lg'} rounded-xl bg-white p-5 shadow-xl dark:bg-zinc-900`}
        >
          {request && command ? (
            <>
              <header className="mb-4">
                <div className="flex items-center gap-2">
                  <DialogTitle className="font-semibold">{command.title}</DialogTitle>
                  {command.danger !== 'none' ? (
                    <span className={`rounded px-1.5 text-[11px] leading-5 font-medium ${DANGER_BADGE[command.danger].className}`}>
                      {DANGER_BADGE[command.danger].text}
                    </span>
                  ) : null}
                </div>
                {command.description ? <Description className="mt-1 text-zinc-500 dark:text-zinc-400">{command.description}</Description> : null}
                {request.subject || request.about ? (
                  <p data-command-subject className="mt-2 rounded-md bg-zinc-100 px-2 py-1 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
                    {request.subject || request.about}
                  </p>
                ) : null}
              </header>
              {withParts ? (
                <CommandForm key={formIdOf(request)} command={command} request={withParts} onClose={close} />
              ) : (
                <p role="status" className="text-zinc-500 dark:text-zinc-400">
                  Loading the form…
                </p>
              )}
            </>
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
