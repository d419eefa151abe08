import { commandsById, registry } from '@traction/core';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../routes';
import { permissionSetAtom, sessionUserAtom } from '../auth/sessionAtoms';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { Keys } from '../keyboard/ShortcutHelp';
import { buildPaletteIndex } from '../palette/buildPaletteIndex';
import type { PaletteEntry } from '../palette/PaletteEntry';
import { recentEntriesAtom } from '../palette/recentEntriesAtom';
import { PageHeader } from '../ui/PageHeader';
import { pinnedEntriesAtom } from './pinnedEntriesAtom';

const cardClass =
  'flex min-w-0 flex-1 flex-col rounded-lg border border-zinc-200 bg-white px-3 py-2 text-left hover:border-accent-500 focus-visible:outline-2 focus-visible:outline-accent-600 dark:border-zinc-800 dark:bg-zinc-900';

function EntryCard({ entry, pinned }: { entry: PaletteEntry; pinned: boolean }) {
  const togglePin = useSetAtom(pinnedEntriesAtom);
  const openCommand = useSetAtom(commandRequestAtom);
  // A command entry's target is its id (entries are kept by key in the pinned and recent lists).
  const command = entry.kind === 'command' ? commandsById.get(entry.target) : undefined;
  const body = (
    <>
      <span className="truncate font-medium">{entry.label}</span>
      <span className="flex items-center gap-2 text-xs text-zinc-500">
        {entry.kind === 'route' ? 'Page' : 'Command'}
        {entry.group ? ` · ${entry.group}` : ''}
        {entry.chord ? <Keys keys={`g ${entry.chord}`} /> : null}
      </span>
    </>
  );
  return (
    <li className="flex items-stretch gap-1" data-entry={entry.key}>
      {entry.kind === 'route' ? (
        <Link to={entry.target} className={cardClass}>
          {body}
        </Link>
      ) : (
        <button type="button" className={cardClass} onClick={() => command && openCommand({ command })}>
          {body}
        </button>
      )}
      <button
        type="button"
        onClick={() => togglePin(entry.key)}
        aria-pressed={pinned}
        aria-label={pinned ? `Unpin ${entry.label}` : `Pin ${entry.label}`}
        title={pinned ? 'Unpin' : 'Pin to Quick Access'}
        className={`w-8 shrink-0 rounded-lg text-lg ${pinned ? 'text-accent-600 dark:text-accent-400' : 'text-zinc-300 hover:text-zinc-500 dark:text-zinc-600'}`}
      >
        {pinned ? '★' : '☆'}
      </button>
    </li>
  );
}

function EntryGroup({ title, entries, pinned, empty }: { title: string; entries: PaletteEntry[]; pinned: ReadonlySet<string>; empty?: string }) {
  if (entries.length === 0 && !empty) return null;
  return (
    <section className="mt-6 first:mt-0" aria-label={title}>
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h2>
      {entries.length === 0 ? (
        <p className="text-zinc-500">{empty}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {entries.map((entry) => (
            <EntryCard key={entry.key} entry={entry} pinned={pinned.has(entry.key)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The landing page: pinned and recent pages and commands, then everything this admin can use. */
export default function QuickAccessPage() {
  const user = useAtomValue(sessionUserAtom);
  const permissions = useAtomValue(permissionSetAtom);
  const [pinnedKeys] = useAtom(pinnedEntriesAtom);
  const recentKeys = useAtomValue(recentEntriesAtom);
  const index = useMemo(() => buildPaletteIndex(ROUTES, registry, permissions), [permissions]);
  const byKey = new Map(index.map((e) => [e.key, e]));
  const pick = (keys: readonly string[]) => keys.map((k) => byKey.get(k)).filter((e): e is PaletteEntry => !!e);
  const pinned = new Set(pinnedKeys);
  const recent = pick(recentKeys)
    .filter((e) => !pinned.has(e.key) && e.target !== '/quick-access')
    .slice(0, 6);
  return (
    <div>
      <PageHeader
        title={`Welcome${user ? `, ${user.firstName}` : ''}`}
        description="Pin what you use most. Press Ctrl+K (⌘K on a Mac) to go anywhere or run a command, and ? for every shortcut."
      />
      <EntryGroup title="Pinned" entries={pick(pinnedKeys)} pinned={pinned} empty="Nothing pinned yet: use ☆ on any card below." />
      <EntryGroup title="Recent" entries={recent} pinned={pinned} />
      <EntryGroup title="Pages" entries={index.filter((e) => e.kind === 'route')} pinned={pinned} />
      <EntryGroup title="Commands" entries={index.filter((e) => e.kind === 'command')} pinned={pinned} />
    </div>
  );
}
