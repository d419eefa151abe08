import type { AnyCommand } from '@traction/core';
import { describeFilters, readFilters } from '../list/filterFields';

/**
 * The filters a list page sends for a URL search: the search's valid filters and the page's fixed
 * ones, which the URL cannot override. The same steps as ListPage, so a queue read from a list's
 * URL is the very cache entry the list page loaded.
 */
export function queueFilters(command: AnyCommand, fixed: Readonly<Record<string, unknown>>, search: string): Record<string, unknown> {
  const fields = describeFilters(command).filter((field) => !(field.key in fixed));
  return { ...readFilters(command, fields, new URLSearchParams(search)).filters, ...fixed };
}
