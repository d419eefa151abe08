import { LIST_PAGING_FIELDS } from '@traction/core';

/**
 * A list's filters as an export job takes them: what the CSV download sends, less paging and the
 * `download` switch, which describe one response rather than the rows.
 */
export function exportableFilters(filters: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).filter(([key, value]) => key !== 'download' && !LIST_PAGING_FIELDS.has(key) && value !== undefined));
}
