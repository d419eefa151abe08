import { cardParts, type ListColumn } from '@traction/core';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { CHECK_WIDTH, fitColumns } from './columnTemplate';
import { CutTextTip, type CutText } from './CutTextTip';
import { CARD_HEIGHT, cardFits, cardTexts, RecordCard } from './RecordCard';
import { RecordRow, ROW_HEIGHT, rowTexts } from './RecordRow';
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
import { useCharWidth } from './useCharWidth';
import { useElementWidth } from './useElementWidth';
import { useNarrowScreen } from './useNarrowScreen';
import { RowHotkeys, type RowActions } from './RowHotkeys';
import { TableHeader } from './TableHeader';

type Row = Record<string, unknown>;

/** Start loading the next page when this few loaded rows are left below the view. */
const NEAR_END = 40;
const NO_PINS: ReadonlySet<string> = new Set();

export interface RecordTableProps {
  /** Accessible name of the grid. */
  label: string;
  /** The columns the admin has not hidden, in order; the table leaves out the least important when they do not fit. */
  columns: readonly ListColumn[];
  /** Keys of columns the admin chose to show: never left out to fit (the table scrolls sideways instead). */
  pinned?: ReadonlySet<string>;
  /** Told the keys of the columns left out to fit, whenever they change. */
  onFit?: (leftOut: readonly string[]) => void;
  /** Table or cards; by default cards below 640 px (phones), a table above. */
  view?: 'table' | 'cards';
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
 * matching" without loading them. Columns get widths by how much they matter; on a phone each row
 * is a card instead, with the same keys.
 */
export function RecordTable(props: RecordTableProps) {
  const {
    columns,
    rows,
    rowKey,
    total,
    hasMore = false,
    loadingMore = false,
    moreError = null,
    onNearEnd,
    selection,
    onSelectionChange,
    onOpen,
    onFit,
  } = props;
  const selectable = props.selectable ?? true;
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<number | null>(null);
  // The focus tip shows after keys moved the active row, not after a click.
  const [keyFocus, setKeyFocus] = useState(false);
  const narrow = useNarrowScreen();
  const cards = (props.view ?? (narrow ? 'cards' : 'table')) === 'cards';
  const width = useElementWidth(scrollRef);
  const charPx = useCharWidth(scrollRef);
  const pinned = props.pinned ?? NO_PINS;
  const fit = useMemo(() => fitColumns(columns, { room: cards ? undefined : width, charPx, pinned }), [columns, cards, width, charPx, pinned]);
  const parts = useMemo(() => cardParts(columns), [columns]);
  const fits = useMemo(() => cardFits(width ?? 360, charPx, selectable), [width, charPx, selectable]);
  const keys = useMemo(() => rows.map((row) => row[rowKey] as RowKey), [rows, rowKey]);
  const showLoader = hasMore || moreError !== null;
  const paddingEnd = props.paddingEnd ?? 0;
  const itemHeight = cards ? CARD_HEIGHT : ROW_HEIGHT;
  const headerHeight = cards && !selectable ? 0 : ROW_HEIGHT;

  const leftOutKey = fit.leftOut.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the list of keys.
  useEffect(() => onFit?.(fit.leftOut), [leftOutKey, onFit]);

  // Rows drawn beyond the view help a slow scroll; a scroll that jumps past them gains nothing
  // from them but their cost, so while the view jumps more than a screen a frame it draws one.
  const lastStart = useRef(0);
  const rangeExtractor = useCallback((range: Range) => {
    const jumped = Math.abs(range.startIndex - lastStart.current) > range.endIndex - range.startIndex;
    lastStart.current = range.startIndex;
    return defaultRangeExtractor(jumped ? { ...range, overscan: 1 } : range);
  }, []);

  const virtualizer = useVirtualizer({
    count: rows.length + (showLoader ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => itemHeight,
    overscan: 5,
    rangeExtractor,
    // The sticky header sits in the scrolled content above the first row.
    paddingStart: headerHeight,
    scrollPaddingStart: headerHeight,
    paddingEnd,
    scrollPaddingEnd: paddingEnd,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: sizes change with the view, and the virtualizer keeps measured ones.
  useEffect(() => virtualizer.measure(), [itemHeight, virtualizer]);
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
    setKeyFocus(true);
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

  const actions = useRef<RowActions>(null);
  actions.current = {
    move,
    toggle: () => activeKey !== undefined && onSelectionChange(toggleRow(selection, activeKey)),
    toggleRange: () => activeKey !== undefined && onSelectionChange(selectRange(selection, keys, activeKey)),
    selectAllMatching: () => total > 0 && onSelectionChange(selectAllMatching()),
    clear: () => onSelectionChange(emptySelection),
  };

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
    setKeyFocus(false);
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
  const toggleLoaded = useCallback(() => onSelectionChange(count > 0 ? emptySelection : selectRows(keys)), [count, keys, onSelectionChange]);

  // The whole text of the active row's cut cells, while keys drive the grid.
  let tip: ReactNode = null;
  if (keyFocus && activeRow !== null) {
    const row = rows[activeRow] as Row;
    const texts: CutText[] = cards
      ? (() => {
          const card = cardTexts(row, parts, fits);
          return [card.title, ...card.facts].filter((text) => text.cut);
        })()
      : rowTexts(row, fit.columns).filter((text) => text.cut);
    if (texts.length > 0) {
      const start = headerHeight + activeRow * itemHeight;
      const viewBottom = (virtualizer.scrollOffset ?? 0) + (virtualizer.scrollRect?.height ?? Number.POSITIVE_INFINITY);
      // Under the row, or over it when the row is in the lower half of the view.
      const above = start + itemHeight + 24 * texts.length > viewBottom - 40;
      tip = <CutTextTip texts={texts} top={above ? start - 2 : start + itemHeight + 2} above={above} left={CHECK_WIDTH} />;
    }
  }

  // Rows keep their DOM element while scrolling: row n is drawn by element n modulo the rows in
  // view, so a scroll rewrites text in place instead of building and discarding rows (a third
  // less work a frame). aria-owns tells screen readers the rows' order, which the DOM no longer follows.
  const slots = Math.max(1, items.length);
  const bySlot = [...items].sort((a, b) => (a.index % slots) - (b.index % slots));
  const owned = items.flatMap((item) => (item.index < rows.length ? [`${gridId}-row-${item.index}`] : []));

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={props.label}
      aria-rowcount={total + 1}
      // A card's cells: its checkbox, title, facts and state.
      aria-colcount={cards ? parts.facts.length + 3 : fit.columns.length + 1}
      aria-multiselectable={selectable}
      aria-activedescendant={activeRow === null ? undefined : `${gridId}-row-${activeRow}`}
      aria-busy={loadingMore || undefined}
      data-view={cards ? 'cards' : 'table'}
      tabIndex={0}
      onKeyDown={onGridKeyDown}
      onBlur={() => setKeyFocus(false)}
      className="relative overflow-auto overscroll-contain rounded-lg border border-zinc-200 bg-white focus-visible:outline-2 dark:border-zinc-800 dark:bg-zinc-900"
      style={{ height: props.height ?? 480 }}
    >
      <RowHotkeys actions={actions} enabled={props.keyboard ?? true} canOpen={Boolean(onOpen)} hasSelection={count > 0} selectable={selectable} />
      <div className="relative" style={{ minHeight: virtualizer.getTotalSize(), minWidth: cards ? undefined : fit.width }}>
        {headerHeight > 0 ? (
          <TableHeader
            view={cards ? 'cards' : 'table'}
            fit={fit}
            charPx={charPx}
            selectable={selectable}
            count={count}
            allChecked={allChecked}
            empty={rows.length === 0}
            onToggleLoaded={toggleLoaded}
          />
        ) : null}
        {rows.length === 0 && !showLoader ? props.placeholder : null}
        <div
          role="rowgroup"
          aria-owns={owned.join(' ')}
          onClick={onRowsClick}
          onDoubleClick={onRowsDoubleClick}
          className={props.stale ? 'opacity-60' : undefined}
        >
          {bySlot.map((item) => {
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
            const shared = {
              gridId,
              index: item.index,
              rowKey: String(key),
              row,
              start: item.start,
              active: item.index === activeRow,
              selected: isRowSelected(selection, key),
              selectable,
            };
            return cards ? (
              <RecordCard key={item.index % slots} {...shared} parts={parts} fits={fits} />
            ) : (
              <RecordRow key={item.index % slots} {...shared} cells={fit.columns} template={fit.template} />
            );
          })}
        </div>
        {tip}
      </div>
    </div>
  );
}
