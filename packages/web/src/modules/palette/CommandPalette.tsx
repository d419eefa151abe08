import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { commandsById, registry } from '@traction/core';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../routes';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { buildPaletteIndex } from './buildPaletteIndex';
import type { PaletteEntry } from './PaletteEntry';
import { paletteOpenAtom } from './paletteAtoms';
import { PaletteSearch } from './PaletteSearch';
import { prefillFromRoute } from './prefillFromRoute';
import { recentEntriesAtom } from './recentEntriesAtom';
import { useSavedViewPaletteEntries } from '../views/useSavedViewPaletteEntries';

/**
 * Ctrl/⌘+K: every page the admin may open and every command they may run, recent first. Enter
 * on a page goes there; on a command, opens its form (CommandDialogHost). Esc closes.
 */
export function CommandPalette() {
  const [open, setOpen] = useAtom(paletteOpenAtom);
  const permissions = useAtomValue(permissionSetAtom);
  const [recent, remember] = useAtom(recentEntriesAtom);
  const setCommandRequest = useSetAtom(commandRequestAtom);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const savedViews = useSavedViewPaletteEntries();
  const index = useMemo(() => buildPaletteIndex(ROUTES, registry, permissions, savedViews), [permissions, savedViews]);

  const pick = useCallback(
    (entry: PaletteEntry) => {
      remember(entry.key);
      setOpen(false);
      if (entry.kind === 'route') void navigate(entry.target);
      else {
        // On a merchant's page, a command about a business starts with that business filled in.
        const command = commandsById.get(entry.target);
        if (!command) return;
        const initial = prefillFromRoute(pathname, command);
        setCommandRequest({ command, ...(initial ? { initial } : {}) });
      }
    },
    [navigate, pathname, remember, setCommandRequest, setOpen],
  );

  return (
    <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[12vh]">
        <DialogPanel
          data-testid="command-palette"
          className="w-full max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-black/5 dark:bg-zinc-900 dark:ring-white/10"
        >
          <DialogTitle className="sr-only">Command palette</DialogTitle>
          <PaletteSearch entries={index} recent={recent} onPick={pick} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
