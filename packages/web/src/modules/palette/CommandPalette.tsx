import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { commandsById, registry } from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../routes';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { signOut } from '../auth/signOut';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { buildPaletteIndex } from './buildPaletteIndex';
import type { PaletteEntry } from './PaletteEntry';
import { paletteOpenAtom } from './paletteAtoms';
import { PaletteSearch } from './PaletteSearch';
import { paletteSelectionAtom } from './paletteSelectionAtom';
import { prefillFromRoute } from './prefillFromRoute';
import { recentEntriesAtom } from './recentEntriesAtom';
import { useSavedViewPaletteEntries } from '../views/useSavedViewPaletteEntries';

/** Signing out, as the top bar's Logout button does. */
export const LOGOUT_ENTRY: PaletteEntry = {
  key: 'action:logout',
  kind: 'action',
  label: 'Logout',
  group: '',
  keywords: ['log out', 'sign out', 'exit'],
  target: 'logout',
};

/**
 * Ctrl/⌘+K: what the selection bar can do to the rows selected on the page, every page the admin
 * may open, every command they may run, and Logout. Enter on a page goes there; on a command,
 * opens its form (CommandDialogHost), for the business on screen when there is one; on a
 * selection's action, opens its form for the selected rows as the bar's button does. Esc closes.
 */
export function CommandPalette() {
  const [open, setOpen] = useAtom(paletteOpenAtom);
  const permissions = useAtomValue(permissionSetAtom);
  const selection = useAtomValue(paletteSelectionAtom);
  const [recent, remember] = useAtom(recentEntriesAtom);
  const setCommandRequest = useSetAtom(commandRequestAtom);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const savedViews = useSavedViewPaletteEntries();
  const index = useMemo(() => buildPaletteIndex(ROUTES, registry, permissions, savedViews), [permissions, savedViews]);
  const selectionEntries = useMemo(
    () =>
      (selection?.actions ?? []).map(
        (action): PaletteEntry => ({
          key: `selection:${action.command.id}:${action.label}`,
          kind: 'selection',
          label: action.label,
          group: selection?.about ?? '',
          keywords: [action.command.title, ...(action.command.keywords ?? [])],
          target: action.command.id,
          ...(action.command.danger !== 'none' ? { danger: action.command.danger } : {}),
        }),
      ),
    [selection],
  );
  const entries = useMemo(() => [...selectionEntries, ...index, LOGOUT_ENTRY], [selectionEntries, index]);

  const pick = useCallback(
    (entry: PaletteEntry) => {
      setOpen(false);
      if (entry.kind === 'action') return signOut();
      remember(entry.key);
      if (entry.kind === 'route') return void navigate(entry.target);
      if (entry.kind === 'selection') {
        selection?.actions.find((action) => `selection:${action.command.id}:${action.label}` === entry.key)?.run();
        return;
      }
      const command = commandsById.get(entry.target);
      if (!command) return;
      const context = prefillFromRoute(pathname, command, queryClient);
      setCommandRequest({ command, ...context });
    },
    [navigate, pathname, queryClient, remember, selection, setCommandRequest, setOpen],
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
          <PaletteSearch entries={entries} recent={recent} onPick={pick} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
