import type { ListColumn } from '@traction/core';
import { memo, useContext } from 'react';
import { formatCell } from '../ui/formatCell';
import { CellRendererContext } from './CellRendererContext';
import type { FittedColumn } from './columnTemplate';
import { RowCheck } from './RowCheck';

/** Height of every row and of the header, in px: fixed, so nothing is measured while scrolling. */
export const ROW_HEIGHT = 36;

const ALIGN_END = new Set(['money', 'number']);
const EMPTY = '—';

const classes = new WeakMap<ListColumn, { filled: string; empty: string }>();
/** A cell's classes, built once per column rather than once per cell and frame. */
function cellClass(column: ListColumn, text: string): string {
  let found = classes.get(column);
  if (!found) {
    const base = `truncate px-3 ${ALIGN_END.has(column.kind) ? 'text-right tabular-nums' : ''} ${column.kind === 'id' ? 'font-mono text-xs text-zinc-500 dark:text-zinc-400' : ''}`;
    found = { filled: base, empty: `${base} text-zinc-400 dark:text-zinc-600` };
    classes.set(column, found);
  }
  return text === EMPTY ? found.empty : found.filled;
}

/** A row's cells as the table shows them, and which are likely cut at their width. */
export function rowTexts(row: Record<string, unknown>, cells: readonly FittedColumn[]) {
  return cells.map(({ column, fits }) => {
    const text = formatCell(column, row[column.key]);
    return { column, label: column.label, text, cut: text.length > fits };
  });
}

export interface RecordRowProps {
  gridId: string;
  index: number;
  rowKey: string;
  row: Record<string, unknown>;
  cells: readonly FittedColumn[];
  template: string;
  /** Offset from the top of the scrolled content, in px. */
  start: number;
  active: boolean;
  selected: boolean;
  /** Without it the row has no checkbox. */
  selectable?: boolean;
}

/**
 * One row of the record table. Memoised: while scrolling, rows already on screen keep their
 * props and only the rows coming into view render. Clicks are handled once, on the grid.
 */
export const RecordRow = memo(function RecordRow({ gridId, index, rowKey, row, cells, template, start, active, selected, selectable = true }: RecordRowProps) {
  const renderCell = useContext(CellRendererContext);
  return (
    <div
      role="row"
      id={`${gridId}-row-${index}`}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-row-index={index}
      data-row-key={rowKey}
      data-active={active}
      className="absolute top-0 left-0 grid w-full cursor-default items-center border-b border-zinc-100 hover:bg-zinc-50 aria-selected:bg-accent-50 data-[active=true]:shadow-[inset_3px_0_0_var(--color-accent-600)] aria-[selected=false]:data-[active=true]:bg-zinc-100 dark:border-zinc-800/70 dark:hover:bg-zinc-800/60 dark:aria-selected:bg-accent-600/15 dark:aria-[selected=false]:data-[active=true]:bg-zinc-800"
      // Each row lays out and paints on its own, so changing one never re-lays out the others.
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)`, gridTemplateColumns: template, contain: 'strict' }}
    >
      <div role="gridcell" className="flex justify-center">
        {selectable ? <RowCheck index={index} selected={selected} /> : null}
      </div>
      {rowTexts(row, cells).map(({ column, text, cut }) => {
        return (
          <div
            key={column.key}
            role="gridcell"
            // A cut value shows whole on hover here, and on focus in the grid's tip.
            title={cut ? text : undefined}
            data-cut={cut || undefined}
            className={cellClass(column, text)}
          >
            {renderCell?.(column, row, text) ?? text}
          </div>
        );
      })}
    </div>
  );
});
