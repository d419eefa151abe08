import { logout } from '@traction/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { client, logoutLocally } from '../../app/client';
import { Dialog, DialogPanel } from '@headlessui/react';
import { sessionUserAtom } from '../auth/sessionAtoms';
import { useSessionRefresh } from '../auth/useSessionRefresh';
import { Button } from '../ui/Button';
import { GlobalShortcuts } from '../keyboard/GlobalShortcuts';
import { Keys, ShortcutHelp } from '../keyboard/ShortcutHelp';
import { CommandDialogHost } from '../forms/CommandDialogHost';
import { CommandPalette } from '../palette/CommandPalette';
import { isPaletteRoute, paletteRoutePath } from '../palette/buildPaletteIndex';
import { paletteOpenAtom } from '../palette/paletteAtoms';
import { recentEntriesAtom } from '../palette/recentEntriesAtom';
import { ROUTES } from '../../routes';
import { ExportReadyEffect } from '../downloads/ExportReadyEffect';
import { Toasts } from '../ui/Toasts';
import { DeviceModal } from './DeviceModal';
import { Sidebar } from './Sidebar';

/** The signed-in frame: sidebar (a drawer on small screens), top bar, page. */
export function Shell({ children }: { children: ReactNode }) {
  const user = useAtomValue(sessionUserAtom);
  const [menuOpen, setMenuOpen] = useState(false);
  useSessionRefresh();
  const openPalette = useSetAtom(paletteOpenAtom);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: going to another page closes the menu drawer.
  useEffect(() => setMenuOpen(false), [pathname]);
  // Pages visited from anywhere (sidebar, links, chords) count as recent, not only palette picks.
  const rememberRecent = useSetAtom(recentEntriesAtom);
  useEffect(() => {
    const route = ROUTES.find((r) => isPaletteRoute(r) && paletteRoutePath(r) === pathname);
    if (route) rememberRecent(`route:${pathname}`);
  }, [pathname, rememberRecent]);

  const signOut = () => {
    void client.attempt(logout, {}).finally(logoutLocally);
  };

  return (
    <div className="flex min-h-screen">
      <aside className="sticky top-0 hidden h-screen w-60 shrink-0 border-r border-zinc-200 bg-zinc-100 md:block dark:border-zinc-800 dark:bg-zinc-900">
        <Sidebar />
      </aside>
      {/* A dialog, so Esc closes it and Tab stays inside while it is open. */}
      <Dialog open={menuOpen} onClose={() => setMenuOpen(false)} className="fixed inset-0 z-40 md:hidden" data-testid="mobile-menu">
        <div className="absolute inset-0 bg-black/40" aria-hidden="true" />
        <DialogPanel as="aside" aria-label="Menu" className="absolute inset-y-0 left-0 w-72 bg-zinc-100 shadow-xl dark:bg-zinc-900">
          <Sidebar onNavigate={() => setMenuOpen(false)} />
        </DialogPanel>
      </Dialog>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-12 items-center gap-2 border-b border-zinc-200 bg-white/90 px-3 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
          <Button variant="ghost" className="md:hidden" aria-label="Open menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
            ☰
          </Button>
          <button
            type="button"
            onClick={() => openPalette(true)}
            data-testid="open-palette"
            className="flex h-8 min-w-0 flex-1 items-center gap-2 rounded-md border border-zinc-200 bg-zinc-50 px-2.5 text-left text-zinc-500 hover:border-zinc-300 sm:max-w-sm dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700"
          >
            <span className="truncate">Go to a page or run a command…</span>
            <span className="ml-auto hidden sm:inline">
              <Keys keys="mod+k" />
            </span>
          </button>
          <div className="flex-1" />
          <span className="hidden text-zinc-500 sm:inline" data-testid="signed-in-as">
            {user ? `${user.firstName} ${user.lastName} · ${user.role.replace('_', ' ')}` : ''}
          </span>
          <Button onClick={signOut}>Logout</Button>
        </header>
        <main className="min-w-0 flex-1 p-4 md:p-6">{children}</main>
      </div>
      <DeviceModal />
      <CommandPalette />
      <CommandDialogHost />
      <GlobalShortcuts />
      <ShortcutHelp />
      <Toasts />
      <ExportReadyEffect />
    </div>
  );
}
