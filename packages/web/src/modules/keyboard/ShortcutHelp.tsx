import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useAtom, useAtomValue } from 'jotai';
import { useFocusReturn } from './useFocusReturn';
import { linkClass } from '../ui/linkClass';
import { activeShortcutsAtom, displayKeys, shortcutHelpOpenAtom, type ShortcutGroup, type ShortcutInfo } from './shortcuts';

const ORDER: ShortcutGroup[] = ['General', 'Go to', 'Page', 'Table'];
/** The server's Redoc page of /openapi.json: every command the console runs, as an HTTP call. */
const API_REFERENCE_PATH = '/docs';

export function Keys({ keys }: { keys: string }) {
  return (
    <span className="inline-flex gap-1">
      {displayKeys(keys).map((step, i) => (
        <kbd
          // biome-ignore lint/suspicious/noArrayIndexKey: the steps of one chord, fixed and possibly repeated (g g).
          key={i}
          className="min-w-5 rounded border border-zinc-300 bg-zinc-50 px-1.5 text-center font-mono text-xs leading-5 text-zinc-700 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-200"
        >
          {step}
        </kbd>
      ))}
    </span>
  );
}

/** `?`: every shortcut the current page has mounted, grouped. Esc closes it. */
export function ShortcutHelp() {
  const [open, setOpen] = useAtom(shortcutHelpOpenAtom);
  useFocusReturn(open);
  const active = useAtomValue(activeShortcutsAtom);
  const unique = new Map<string, ShortcutInfo>();
  for (const info of active.values()) unique.set(`${info.group}:${info.keys}`, info);
  const all = [...unique.values()];
  return (
    <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[10vh]">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-5 shadow-xl dark:bg-zinc-900" data-testid="shortcut-help">
          <DialogTitle className="font-semibold">Keyboard shortcuts</DialogTitle>
          <p className="mt-1 text-xs text-zinc-500">They never fire while you type in a field. Esc closes what is open.</p>
          {ORDER.map((group) => {
            const items = all.filter((s) => s.group === group);
            if (items.length === 0) return null;
            return (
              <section key={group} className="mt-4">
                <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{group}</h3>
                <dl className="mt-1 divide-y divide-zinc-100 dark:divide-zinc-800">
                  {items.map((s) => (
                    <div key={s.keys} className="flex items-center justify-between gap-4 py-1.5">
                      <dt className="text-zinc-700 dark:text-zinc-300">{s.description}</dt>
                      <dd>
                        <Keys keys={s.keys} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            );
          })}
          {/* Focus starts on the dialog, not here: Tab reaches the link, and an Enter just after ? opens nothing. */}
          <p className="mt-4 border-t border-zinc-100 pt-3 text-xs text-zinc-500 dark:border-zinc-800">
            Every console action is also an HTTP call; the{' '}
            <a className={linkClass} href={API_REFERENCE_PATH} target="_blank" rel="noopener noreferrer" data-testid="api-reference-link">
              API reference<span className="sr-only"> (opens in a new tab)</span>
            </a>{' '}
            names each one's permission and danger.
          </p>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
