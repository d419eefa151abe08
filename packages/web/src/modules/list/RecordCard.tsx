import type { CardParts, ListColumn } from '@traction/core';
import { Fragment, memo, useContext } from 'react';
import { Badge } from '../ui/Badge';
import { formatCell } from '../ui/formatCell';
import { statusTone } from '../ui/statusTone';
import { CellRendererContext } from './CellRendererContext';
import { charsIn, SMALL_TYPE } from './columnTemplate';
import { RowCheck } from './RowCheck';

/** Height of every card, in px: fixed, so nothing is measured while scrolling. */
export const CARD_HEIGHT = 140;
/** Width of a fact's label, in px. */
const LABEL_WIDTH = 80;

export interface RecordCardProps {
  gridId: string;
  index: number;
  rowKey: string;
  row: Record<string, unknown>;
  parts: CardParts;
  /** Characters that show whole, to tell which texts are cut. */
  fits: CardFits;
  start: number;
  active: boolean;
  selected: boolean;
  selectable?: boolean;
}

/** A flag that is on reads as its label ("Fraud"); a status as its value, named unless it is the row's own status. */
function stateText(column: ListColumn, value: unknown): string | null {
  if (column.kind === 'boolean') return value === true || value === 'true' ? column.label : null;
  if (value === null || value === undefined || value === '') return null;
  const text = formatCell(column, value);
  return column.label === 'Status' ? text : `${column.label}: ${text}`;
}

/** Characters that show whole in a card's title (two lines) and in a fact, on a card `width` px wide. */
export function cardFits(width: number, charPx: number, selectable: boolean) {
  const text = width - (selectable ? 52 : 24);
  return { title: 2 * charsIn(text, charPx), fact: charsIn(text - LABEL_WIDTH - 8, charPx * SMALL_TYPE) };
}

export type CardFits = ReturnType<typeof cardFits>;

/** What a card shows of a row, and which of its texts are likely cut. */
export function cardTexts(row: Record<string, unknown>, parts: CardParts, fits: CardFits) {
  const title = parts.title.map((column) => formatCell(column, row[column.key])).join(' ');
  return {
    title: { label: parts.title.map((column) => column.label).join(' '), text: title, cut: title.length > fits.title },
    facts: parts.facts.map((column) => {
      const text = formatCell(column, row[column.key]);
      return { column, label: column.label, text, cut: text.length > fits.fact };
    }),
    states: parts.states.flatMap((column) => {
      const text = stateText(column, row[column.key]);
      return text === null ? [] : [{ column, text }];
    }),
  };
}

/**
 * A row as a card, for phones: the row's title, its key facts and its state, in place of a table
 * that would scroll sideways. The same row to the grid as a table row: the same index, key,
 * selection and keys.
 */
export const RecordCard = memo(function RecordCard({ gridId, index, rowKey, row, parts, fits, start, active, selected, selectable = true }: RecordCardProps) {
  const renderCell = useContext(CellRendererContext);
  const { title, facts, states } = cardTexts(row, parts, fits);
  return (
    <div
      role="row"
      id={`${gridId}-row-${index}`}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-row-index={index}
      data-row-key={rowKey}
      data-active={active}
      data-card
      className="absolute top-0 left-0 flex w-full cursor-default gap-3 border-b border-zinc-200 bg-white px-3 py-2 aria-selected:bg-accent-50 data-[active=true]:shadow-[inset_3px_0_0_var(--color-accent-600)] aria-[selected=false]:data-[active=true]:bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900 dark:aria-selected:bg-accent-600/15 dark:aria-[selected=false]:data-[active=true]:bg-zinc-800"
      style={{ height: CARD_HEIGHT, transform: `translateY(${start}px)`, contain: 'strict' }}
    >
      {selectable ? (
        <div role="gridcell" className="pt-0.5">
          <RowCheck index={index} selected={selected} />
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div
          role="gridcell"
          data-card-part="title"
          title={title.cut ? title.text : undefined}
          data-cut={title.cut || undefined}
          className="line-clamp-2 leading-5 font-medium"
        >
          {title.text}
        </div>
        <div className="text-xs leading-[18px]">
          {facts.map(({ column, text, cut }) => {
            return (
              <div key={column.key} role="gridcell" data-card-part="fact" className="flex gap-2">
                <span className="shrink-0 truncate text-zinc-500 dark:text-zinc-400" style={{ width: LABEL_WIDTH }}>
                  {column.label}
                </span>
                <span
                  title={cut ? text : undefined}
                  data-cut={cut || undefined}
                  className={`truncate ${text === '—' ? 'text-zinc-400 dark:text-zinc-600' : ''}`}
                >
                  {renderCell?.(column, row, text) ?? text}
                </span>
              </div>
            );
          })}
        </div>
        <div role="gridcell" data-card-part="state" className="flex gap-1 overflow-hidden">
          {states.map(({ column, text }) => (
            // A page that shows a state its own way in the table (a transfer's status in words) shows it so here too.
            <Fragment key={column.key}>
              {renderCell?.(column, row, text) ?? <Badge tone={column.kind === 'boolean' ? 'neutral' : statusTone(String(row[column.key]))}>{text}</Badge>}
            </Fragment>
          ))}
        </div>
      </div>
    </div>
  );
});
