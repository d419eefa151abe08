import { badRequest, MAX_MATCHING_ROWS } from '@traction/core';
import { sql } from 'kysely';
import type { HandlerContext } from './handler-context';
import type { ListImplementation, ListSource } from './implement';

export interface Selection {
  ids?: number[];
  matching?: Record<string, unknown>;
  except: number[];
}

export interface ResolvedSelection<Out extends object> {
  /** The selected rows that exist in the list, in list order. */
  rows: Out[];
  /** Ids the caller named that the list does not hold (deleted, never existed, filtered out). */
  missing: number[];
}

/**
 * The rows a bulk command acts on, read through the list's own query so "selected" means exactly
 * what the list shows: ids are checked against it, and `matching` applies the same filters the
 * admin saw — every page of them, at the moment the command runs, inside its transaction.
 */
export async function resolveSelection<Out extends object>(
  ctx: HandlerContext,
  list: ListImplementation<Out>,
  selection: Selection,
): Promise<ResolvedSelection<Out>> {
  const filters = list.command.input.parse({ ...(selection.matching ?? {}), page: 1 }) as Record<string, unknown>;
  return list.list({ input: filters, ctx })((source) => selectedRows(source, selection));
}

async function selectedRows<DB, TB, Row, Out extends object>(source: ListSource<DB, TB, Row, Out>, selection: Selection): Promise<ResolvedSelection<Out>> {
  const column = sql.ref(source.cursor.column);
  let query = source.query;
  // One array parameter each, not one per id: a 10,000-row selection stays far below the
  // protocol's 65,535-parameter limit.
  if (selection.ids) query = query.where(sql<boolean>`${column} = any(${selection.ids})`);
  if (selection.except.length > 0) query = query.where(sql<boolean>`not (${column} = any(${selection.except}))`);
  // One row past the cap says the selection is too big without reading all of it.
  const raw = await query
    .orderBy(column, source.cursor.direction)
    .limit(MAX_MATCHING_ROWS + 1)
    .execute();
  if (raw.length > MAX_MATCHING_ROWS) {
    const message = `matches more than ${MAX_MATCHING_ROWS.toLocaleString('en')} rows; narrow the filters and run it again`;
    throw badRequest(`The selection ${message}`, [{ field: 'matching', message }]);
  }
  const rows = raw.map((row) => source.map(row));
  const found = new Set(raw.map((row) => Number(row[source.cursor.key])));
  const missing = (selection.ids ?? []).filter((id) => !found.has(id));
  return { rows, missing };
}
