import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { canOpen } from '../../canOpen';
import { ROUTES, type RouteEntry } from '../../routes';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { paletteOpenAtom } from '../palette/paletteAtoms';
import { shortcutHelpOpenAtom } from './shortcuts';
import { useShortcut } from './useShortcut';

function GoTo({ route }: { route: RouteEntry }) {
  const navigate = useNavigate();
  useShortcut(`g ${route.chord}`, route.label, () => navigate(route.path), { group: 'Go to' });
  return null;
}

/** Shortcuts that work on every signed-in page: the palette, help, page search and `g` chords. */
export function GlobalShortcuts() {
  const permissions = useAtomValue(permissionSetAtom);
  const setPaletteOpen = useSetAtom(paletteOpenAtom);
  const setHelpOpen = useSetAtom(shortcutHelpOpenAtom);

  useShortcut('mod+k', 'Open the command palette', () => setPaletteOpen((open) => !open), { group: 'General', whileTyping: true, inDialogs: true });
  useShortcut('?', 'Show keyboard shortcuts', () => setHelpOpen(true), { group: 'General' });
  useShortcut(
    '/',
    'Search this page',
    () => {
      // Lists without free-text search (the audit log) get their first filter instead.
      const search = document.querySelector<HTMLInputElement>('[data-page-search]') ?? document.querySelector<HTMLInputElement>('input[data-filter]');
      search?.focus();
      search?.select();
    },
    { group: 'General' },
  );

  const chords = ROUTES.filter((r) => r.chord && r.page && canOpen(r, permissions));
  return (
    <>
      {chords.map((route) => (
        <GoTo key={route.path} route={route} />
      ))}
    </>
  );
}
