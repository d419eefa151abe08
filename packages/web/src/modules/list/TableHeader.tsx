import { memo } from 'react';
import { CELL_PADDING, charsIn, SMALL_TYPE, type ColumnFit } from './columnTemplate';
import { ROW_HEIGHT } from './RecordRow';

export interface TableHeaderProps {
  view: 'table' | 'cards';
  fit: ColumnFit;
  /** Average width of a character of the table's text, in px. */
  charPx: number;
  selectable: boolean;
  /** Rows selected. */
  count: number;
  allChecked: boolean;
  /** No rows loaded: nothing to select. */
  empty: boolean;
  onToggleLoaded: () => void;
}

/** Whether a header, in smaller type on up to two lines, is likely cut in a column `width` px wide. */
function headerCut(label: string, width: number, charPx: number): boolean {
  const fits = charsIn(width - CELL_PADDING, charPx * SMALL_TYPE);
  return label.length > 2 * fits || label.split(' ').some((word) => word.length > fits);
}

/**
 * The grid's sticky header: the column names over a table, or only the checkbox that selects the
 * loaded rows over cards. Memoised, so scrolling does not render it.
 */
export const TableHeader = memo(function TableHeader({ view, fit, charPx, selectable, count, allChecked, empty, onToggleLoaded }: TableHeaderProps) {
  const check = selectable ? (
    <input
      ref={(input) => {
        if (input) input.indeterminate = count > 0 && !allChecked;
      }}
      type="checkbox"
      aria-label={count > 0 ? 'Clear the selection' : 'Select the loaded rows'}
      data-testid="select-loaded"
      checked={allChecked}
      disabled={empty}
      onChange={onToggleLoaded}
      className="size-4 accent-accent-600"
    />
  ) : null;
  return (
    <div role="rowgroup" className="sticky top-0 z-10">
      {view === 'cards' ? (
        <div
          role="row"
          aria-rowindex={1}
          className="flex items-center gap-3 border-b border-zinc-200 bg-zinc-50 px-3 text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
          style={{ height: ROW_HEIGHT }}
        >
          <div role="columnheader" className="flex">
            {check}
          </div>
          <div role="columnheader">{count > 0 ? 'Clear the selection' : 'Select the loaded rows'}</div>
        </div>
      ) : (
        <div
          role="row"
          aria-rowindex={1}
          className="grid items-center border-b border-zinc-200 bg-zinc-50 text-xs leading-tight font-medium text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
          style={{ height: ROW_HEIGHT, gridTemplateColumns: fit.template }}
        >
          <div role="columnheader" className="flex justify-center">
            {check}
          </div>
          {fit.columns.map(({ column, width }) => (
            // A header may wrap onto a second line, so yes/no columns stay narrow.
            <div
              key={column.key}
              role="columnheader"
              title={headerCut(column.label, width, charPx) ? column.label : undefined}
              className={`line-clamp-2 px-3 ${column.kind === 'money' || column.kind === 'number' ? 'text-right' : ''}`}
            >
              {column.label}
            </div>
          ))}
        </div>
      )}
    </div>
  );
});
