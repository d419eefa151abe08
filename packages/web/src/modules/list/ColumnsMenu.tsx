import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { ListColumn } from '@traction/core';
import { Button } from '../ui/Button';
import type { ListColumns } from './useListColumns';

/**
 * The list's Columns menu: a checkbox per column to hide or show it, kept per list in this
 * browser. Tab to it, Enter opens it with the focus on the first checkbox, Space ticks, Esc closes.
 */
export function ColumnsMenu({ columns, view }: { columns: readonly ListColumn[]; view: ListColumns }) {
  const hidden = new Set(view.choices.hidden);
  const leftOut = new Set(view.leftOut);
  const isShown = (column: ListColumn) => !hidden.has(column.key) && !leftOut.has(column.key);
  const shownCount = columns.filter(isShown).length;
  const notShown = columns.length - shownCount;
  const changed = view.choices.hidden.length + view.choices.shown.length > 0;
  return (
    <Popover className="relative">
      <PopoverButton as={Button} variant="ghost" data-testid="columns-menu" data-hidden={notShown}>
        Columns{notShown > 0 ? ` (${notShown} hidden)` : ''}
      </PopoverButton>
      <PopoverPanel
        focus
        anchor={{ to: 'bottom end', gap: 4 }}
        data-testid="columns-panel"
        className="z-40 w-72 rounded-md border border-zinc-200 bg-white p-2 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        <fieldset>
          <legend className="px-1 pb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">Columns shown in this list</legend>
          {columns.map((column) => {
            const shown = isShown(column);
            return (
              <label key={column.key} className="flex items-center gap-2 rounded px-1 py-1 hover:bg-zinc-50 dark:hover:bg-zinc-800">
                <input
                  type="checkbox"
                  checked={shown}
                  // The last column shown stays: a table of no columns says nothing.
                  disabled={shown && shownCount === 1}
                  onChange={(event) => view.setShown(column.key, event.target.checked)}
                  className="size-4 accent-accent-600"
                />
                <span className="min-w-0 flex-1 truncate">{column.label}</span>
                {!hidden.has(column.key) && leftOut.has(column.key) ? <span className="text-xs text-zinc-500 dark:text-zinc-400">no room</span> : null}
              </label>
            );
          })}
        </fieldset>
        {changed ? (
          <Button variant="ghost" className="mt-1 w-full" onClick={view.reset}>
            Back to the usual columns
          </Button>
        ) : null}
      </PopoverPanel>
    </Popover>
  );
}
