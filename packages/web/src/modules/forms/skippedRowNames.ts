import { registry, type AnyCommand } from '@traction/core';
import type { QueryClient } from '@tanstack/react-query';
import { rowDisplayName } from './rowDisplayName';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The list whose selection bar runs this bulk command (its `bulkCommands` name it). */
const listOf = (command: AnyCommand) => (registry as readonly AnyCommand[]).find((list) => list.list?.bulkCommands?.includes(command.id));

/**
 * The names the list shows for the rows a bulk command skipped, from the rows the console has
 * loaded (read when the answer arrives, before the list refreshes and may drop them). Rows
 * never loaded (a selection of every row matching) have no name here.
 */
export function skippedRowNames(queryClient: QueryClient, command: AnyCommand, output: unknown): ReadonlyMap<number, string> {
  const names = new Map<number, string>();
  const list = listOf(command);
  if (!list?.list || !isRecord(output) || !Array.isArray(output.skipped) || output.skipped.length === 0) return names;
  const wanted = new Set(output.skipped.map((skip) => (isRecord(skip) ? skip.id : undefined)));
  const rowKey = list.list.rowKey;
  for (const [, data] of queryClient.getQueriesData({ queryKey: [list.id] })) {
    const pages = isRecord(data) && Array.isArray(data.pages) ? data.pages : [data];
    for (const page of pages) {
      if (!isRecord(page) || !Array.isArray(page.items)) continue;
      for (const row of page.items) {
        if (!isRecord(row) || !wanted.has(row[rowKey]) || names.has(row[rowKey] as number)) continue;
        const name = rowDisplayName(list, row);
        if (name !== undefined) names.set(row[rowKey] as number, name);
      }
    }
  }
  return names;
}
