import type { ListColumn } from '@traction/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { columnTemplate } from './columnTemplate';
import { RecordRow, ROW_HEIGHT } from './RecordRow';
import {
  emptySelection,
  isRowSelected,
  selectAllMatching,
  selectedCount,
  selectRange,
  selectRows,
  toggleRow,
  type RowKey,
  type Selection,
} from './rowSelection';
import { useRowHotkeys } from './useRowHotkeys';

type Row = Record<string, unknown>;

/** Start loading the next page when this few loaded rows are left below the view. */
const NEAR_END = 40;

export interface RecordTableProps {
  /** Accessible name of the grid. */
  label: string;
  columns: readonly ListColumn[];
  /** Rows loaded so far, in order. */
  rows: readonly Row[];
  /** Field of a row holding its unique key. */
  rowKey: string;
  /** Rows matching the filters, loaded or not. */
  total: number;
  /** Whether the server has rows after the loaded ones. */
  hasMore?: boolean;
  /** A next page is on its way. */
  loadingMore?: boolean;
  /** Why the last next page failed; the loader row then offers Retry. */
  moreError?: string | null;
  /** Asks for the next page; called as the view nears the last loaded row. */
  onNearEnd?: () => void;
  selection: Selection;
  onSelectionChange: (next: Selection) => void;
  /** Opens a row (Enter, double-click); without it rows do not open. */
  onOpen?: (row: Row) => void;
  /** Shown under the header while there are no rows: loading, empty or failed. */
  placeholder?: ReactNode;
  /** Page-wide keys (j/k, x …); off while a dialog is open over the table. */
  keyboard?: boolean;
  /** Height of the scrolling area. */
  height?: number | string;
  /** Room kept under the last row, in px, e.g. for a floating bar. */
  paddingEnd?: number;
  /** Rows can be selected (default); without it there are no checkboxes and x, Shift+x, Shift+a do nothing. */
  selectable?: boolean;
  /** Rows shown are from the previous filters while the new ones load. */
  stale?: boolean;
}

/**
 * A virtualised, keyboard-driven grid of list rows: only the rows in view (plus a few) are in the
 * DOM however many are loaded, the header stays put, and the selection can name rows or "every row
 * matching" without loading them.
 */
export function RecordTable(props: RecordTableProps) {
  const { columns, rows, rowKey, total, hasMore = false, loadingMore = false, moreError = null, onNearEnd, selection, onSelectionChange, onOpen } = props;
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const { template, minWidth } = useMemo(() => columnTemplate(columns), [columns]);
  const keys = useMemo(() => rows.map((row) => row[rowKey] as RowKey), [rows, rowKey]);
  const showLoader = hasMore || moreError !== null;
  const paddingEnd = props.paddingEnd ?? 0;

  const virtualizer = useVirtualizer({
    count: rows.length + (showLoader ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // The sticky header sits in the scrolled content above the first row.
    paddingStart: ROW_HEIGHT,
    scrollPaddingStart: ROW_HEIGHT,
    paddingEnd,
    scrollPaddingEnd: paddingEnd,
  });
  const items = virtualizer.getVirtualItems();
  const lastInView = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && moreError === null && lastInView >= rows.length - NEAR_END) onNearEnd?.();
  }, [lastInView, rows.length, hasMore, loadingMore, moreError, onNearEnd]);

  const activeRow = active !== null && active < rows.length ? active : null;
  const count = selectedCount(selection, total);

  const moveTo = (index: number) => {
    if (rows.length === 0) return;
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const move = (delta: number) => {
    moveTo(activeRow === null ? 0 : activeRow + delta);
    // Enter and the arrows belong to the focused grid; j/k bring the focus there.
    scrollRef.current?.focus({ preventScroll: true });
  };
  const activeKey = activeRow === null ? undefined : keys[activeRow];
  const open = () => {
    if (activeRow !== null && onOpen) onOpen(rows[activeRow] as Row);
  };

  useRowHotkeys({
    enabled: props.keyboard ?? true,
    canOpen: Boolean(onOpen),
    hasSelection: count > 0,
    selectable: props.selectable ?? true,
    move,
    toggle: () => activeKey !== undefined && onSelectionChange(toggleRow(selection, activeKey)),
    toggleRange: () => activeKey !== undefined && onSelectionChange(selectRange(selection, keys, activeKey)),
    selectAllMatching: () => total > 0 && onSelectionChange(selectAllMatching()),
    clear: () => onSelectionChange(emptySelection),
  });

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    const step: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeRow === null ? 0 : activeRow + 1),
      ArrowUp: () => moveTo(activeRow === null ? 0 : activeRow - 1),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      Enter: open,
    };
    const action = step[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const rowIndexOf = (event: MouseEvent) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-index]');
    const index = row ? Number(row.dataset.rowIndex) : Number.NaN;
    return Number.isInteger(index) && index < rows.length ? index : null;
  };
  const onRowsClick = (event: MouseEvent) => {
    const index = rowIndexOf(event);
    if (index === null) return;
    setActive(index);
    if ((event.target as HTMLElement).closest('[data-row-check]')) {
      const key = keys[index] as RowKey;
      onSelectionChange(event.shiftKey ? selectRange(selection, keys, key) : toggleRow(selection, key));
    }
  };
  const onRowsDoubleClick = (event: MouseEvent) => {
    const index = rowIndexOf(event);
    if (index === null || !onOpen || (event.target as HTMLElement).closest('[data-row-check]')) return;
    onOpen(rows[index] as Row);
  };

  const allChecked = total > 0 && count === total;
  const headerRef = (input: HTMLInputElement | null) => {
    if (input) input.indeterminate = count > 0 && !allChecked;
  };

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={props.label}
      aria-rowcount={total + 1}
      aria-colcount={columns.length + 1}
      aria-multiselectable={props.selectable ?? true}
      aria-activedescendant={activeRow === null ? undefined : `${gridId}-row-${activeRow}`}
      aria-busy={loadingMore || undefined}
      tabIndex={0}
      onKeyDown={onGridKeyDown}
      className="relative overflow-auto overscroll-contain rounded-lg border border-zinc-200 bg-white focus-visible:outline-2 dark:border-zinc-800 dark:bg-zinc-900"
      style={{ height: props.height ?? 480 }}
    >
      <div className="relative" style={{ minHeight: virtualizer.getTotalSize(), minWidth }}>
        <div role="rowgroup" className="sticky top-0 z-10">
          <div
            role="row"
            aria-rowindex={1}
            className="grid items-center border-b border-zinc-200 bg-zinc-50 text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
            style={{ height: ROW_HEIGHT, gridTemplateColumns: template }}
          >
            <div role="columnheader" className="flex justify-center">
              {(props.selectable ?? true) ? (
                <input
                  ref={headerRef}
                  type="checkbox"
                  aria-label={count > 0 ? 'Clear the selection' : 'Select the loaded rows'}
                  data-testid="select-loaded"
                  checked={allChecked}
                  disabled={rows.length === 0}
                  onChange={() => onSelectionChange(count > 0 ? emptySelection : selectRows(keys))}
                  className="size-4 accent-accent-600"
                />
              ) : null}
            </div>
            {columns.map((column) => (
              <div key={column.key} role="columnheader" className={`truncate px-3 ${column.kind === 'money' || column.kind === 'number' ? 'text-right' : ''}`}>
                {column.label}
              </div>
            ))}
          </div>
        </div>
        {rows.length === 0 && !showLoader ? props.placeholder : null}
        <div role="rowgroup" onClick={onRowsClick} onDoubleClick={onRowsDoubleClick} className={props.stale ? 'opacity-60' : undefined}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) {
              return (
                <div
                  key="loader"
                  role="row"
                  data-loader
                  className="absolute top-0 left-0 flex w-full items-center gap-2 px-3 text-zinc-500"
                  style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                >
                  <span role="gridcell">
                    {moreError !== null ? (
                      <>
                        <span className="text-red-600 dark:text-red-400">Could not load more rows: {moreError}</span>{' '}
                        <button type="button" className="text-accent-600 underline dark:text-accent-400" onClick={onNearEnd}>
                          Retry
                        </button>
                      </>
                    ) : (
                      'Loading more…'
                    )}
                  </span>
                </div>
              );
            }
            const key = keys[item.index] as RowKey;
            return (
              <RecordRow
                key={String(key)}
                gridId={gridId}
                index={item.index}
                rowKey={String(key)}
                row={row}
                columns={columns}
                template={template}
                start={item.start}
                active={item.index === activeRow}
                selected={isRowSelected(selection, key)}
                selectable={props.selectable ?? true}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
