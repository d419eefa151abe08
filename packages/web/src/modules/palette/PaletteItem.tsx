import { Command } from 'cmdk';
import { memo } from 'react';
import { Keys } from '../keyboard/ShortcutHelp';
import type { PaletteEntry } from './PaletteEntry';

const DANGER = {
  confirm: { text: 'Confirm', className: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200' },
  money: { text: 'Money', className: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200' },
} as const;

/** What each kind of entry is called in its row. */
const KIND_WORD: Record<PaletteEntry['kind'], string> = { route: 'Page', command: 'Command', selection: 'Selected', action: 'Session' };

/** One row of the palette: kind, label, group (or what is selected), and the `g` chord or the danger of a command. */
export const PaletteItem = memo(function PaletteItem({ entry, onPick }: { entry: PaletteEntry; onPick: (entry: PaletteEntry) => void }) {
  return (
    <Command.Item
      value={entry.key}
      onSelect={() => onPick(entry)}
      data-entry-key={entry.key}
      data-entry-kind={entry.kind}
      className="flex cursor-pointer items-center gap-3 rounded-md px-2.5 py-1.5 data-[selected=true]:bg-zinc-100 dark:data-[selected=true]:bg-zinc-800"
    >
      <span className="w-16 shrink-0 text-[11px] font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{KIND_WORD[entry.kind]}</span>
      <span className="min-w-0 flex-1 truncate">{entry.label}</span>
      {entry.group ? <span className="shrink-0 truncate text-xs text-zinc-500 dark:text-zinc-400">{entry.group}</span> : null}
      {entry.chord ? <Keys keys={`g ${entry.chord}`} /> : null}
      {entry.danger ? (
        <span data-danger={entry.danger} className={`shrink-0 rounded px-1.5 text-[11px] leading-5 font-medium ${DANGER[entry.danger].className}`}>
          {DANGER[entry.danger].text}
        </span>
      ) : null}
    </Command.Item>
  );
});
