import type { ListColumn } from '@traction/core';
import { memo, useContext } from 'react';
import { formatCell } from '../ui/formatCell';
import { CellRendererContext } from './CellRendererContext';

/** Height of every row and of the header, in px: fixed, so nothing is measured while scrolling. */
export const ROW_HEIGHT = 36;

const ALIGN_END = new Set(['money', 'number']);
/** Longer texts may be cut off with an ellipsis, so they get a tooltip with the whole value. */
const TITLE_AFTER = 20;

export interface RecordRowProps {
  gridId: string;
  index: number;
  rowKey: string;
  row: Record<string, unknown>;
  columns: readonly ListColumn[];
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
export const RecordRow = memo(function RecordRow({
  gridId,
  index,
  rowKey,
  row,
  columns,
  template,
  start,
  active,
  selected,
  selectable = true,
}: RecordRowProps) {
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
      className="absolute top-0 left-0 grid w-full cursor-default items-center border-b border-zinc-100 bg-white hover:bg-zinc-50 aria-selected:bg-accent-50 data-[active=true]:shadow-[inset_3px_0_0_var(--color-accent-600)] aria-[selected=false]:data-[active=true]:bg-zinc-100 dark:border-zinc-800/70 dark:bg-zinc-900 dark:hover:bg-zinc-800/60 dark:aria-selected:bg-accent-600/15 dark:aria-[selected=false]:data-[active=true]:bg-zinc-800"
      // Each row lays out and paints on its own, so mounting one never re-lays out the others.
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)`, gridTemplateColumns: template, contain: 'strict' }}
    >
      <div role="gridcell" className="flex justify-center">
        {/* Not an <input>: a native checkbox per row costs far more to mount while scrolling, and
            the grid's keys (x) and the click on the grid already do the work. */}
        {selectable ? (
          <span
            role="checkbox"
            data-row-check
            aria-checked={selected}
            aria-label={`Select row ${index + 1}`}
            className="flex size-4 items-center justify-center rounded border border-zinc-400 text-[11px] leading-none text-white aria-checked:border-accent-600 aria-checked:bg-accent-600 dark:border-zinc-500"
          >
            {selected ? '✓' : ''}
          </span>
        ) : null}
      </div>
      {columns.map((column) => {
        const text = formatCell(column, row[column.key]);
        return (
          <div
            key={column.key}
            role="gridcell"
            title={text.length > TITLE_AFTER ? text : undefined}
            className={`truncate px-3 ${ALIGN_END.has(column.kind) ? 'text-right tabular-nums' : ''} ${column.kind === 'id' ? 'font-mono text-xs text-zinc-500 dark:text-zinc-400' : ''} ${text === '—' ? 'text-zinc-400 dark:text-zinc-600' : ''}`}
          >
            {renderCell?.(column, row, text) ?? text}
          </div>
        );
      })}
    </div>
  );
});
