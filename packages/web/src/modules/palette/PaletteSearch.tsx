import { Command } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Keys } from '../keyboard/ShortcutHelp';
import type { PaletteEntry } from './PaletteEntry';
import { PaletteItem } from './PaletteItem';
import { rankEntries } from './rankEntries';

/** Rows rendered at once: ranking 5,000 entries is cheap, mounting 5,000 rows on a keystroke is not. */
export const PALETTE_RESULT_LIMIT = 50;

export interface PaletteSearchProps {
  entries: readonly PaletteEntry[];
  /** Entry keys, most recent first. */
  recent: readonly string[];
  /** Enter or click on an entry. */
  onPick: (entry: PaletteEntry) => void;
  limit?: number;
}

/**
 * The palette's input and ranked list (cmdk with its own filtering off: `rankEntries` decides).
 * The list carries `data-query` = the query it shows, so tests and the benchmark can tell when a
 * keystroke's results are on screen.
 */
export function PaletteSearch({ entries, recent, onPick, limit = PALETTE_RESULT_LIMIT }: PaletteSearchProps) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Headless UI's dialog leaves the first field alone on touch screens (so forms do not pop the
  // keyboard up); the palette is nothing but its search box, so it takes the focus there too,
  // after the dialog has placed it.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (document.activeElement !== input.current) input.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  const ranked = useMemo(() => rankEntries(entries, query, recent), [entries, query, recent]);
  const shown = ranked.slice(0, limit);
  const recentKeys = useMemo(() => new Set(recent), [recent]);
  const recentCount = shown.findIndex((entry) => !recentKeys.has(entry.key));
  const recentShown = recentCount === -1 ? shown : shown.slice(0, recentCount);
  const others = recentCount === -1 ? [] : shown.slice(recentCount);
  const hidden = ranked.length - shown.length;

  return (
    <Command shouldFilter={false} loop label="Command palette" className="flex max-h-[70vh] flex-col">
      <div className="flex items-center gap-2 border-b border-zinc-200 px-3 dark:border-zinc-800">
        <Command.Input
          ref={input}
          data-autofocus
          value={query}
          onValueChange={setQuery}
          placeholder="Go to a page or run a command…"
          className="h-11 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-zinc-400"
        />
        <Keys keys="esc" />
      </div>
      <Command.List data-query={query} data-count={ranked.length} className="min-h-0 flex-1 overflow-y-auto p-1.5">
        <Command.Empty className="px-2.5 py-6 text-center text-zinc-500">No page or command matches “{query}”.</Command.Empty>
        {recentShown.length > 0 ? (
          <Command.Group heading="Recent" className={GROUP}>
            {recentShown.map((entry) => (
              <PaletteItem key={entry.key} entry={entry} onPick={onPick} />
            ))}
          </Command.Group>
        ) : null}
        {others.length > 0 ? (
          <Command.Group heading={query.trim() ? 'Matches' : 'Pages and commands'} className={GROUP}>
            {others.map((entry) => (
              <PaletteItem key={entry.key} entry={entry} onPick={onPick} />
            ))}
          </Command.Group>
        ) : null}
      </Command.List>
      <footer className="flex items-center justify-between gap-3 border-t border-zinc-200 px-3 py-1.5 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        <span data-palette-more={hidden}>
          {hidden > 0
            ? `${hidden} more ${hidden === 1 ? 'match' : 'matches'} — type to narrow`
            : `${ranked.length} ${ranked.length === 1 ? 'result' : 'results'}`}
        </span>
        <span className="flex items-center gap-1.5">
          <Keys keys="up" /> <Keys keys="down" /> move <Keys keys="enter" /> open
        </span>
      </footer>
    </Command>
  );
}

const GROUP =
  '[&_[cmdk-group-heading]]:px-2.5 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-[11px] [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-zinc-500 [&_[cmdk-group-heading]]:uppercase';
