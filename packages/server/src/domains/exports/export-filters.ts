import { type AnyCommand, badRequest, fieldMeta, LIST_PAGING_FIELDS } from '@traction/core';
import type { z } from 'zod';

const humanize = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());

/**
 * A list's filters checked against its command, as an export keeps them: paging and `download`
 * dropped, defaults filled in. A filter the list refuses is a 400 naming `filters.<field>`.
 */
export function exportFilters(command: AnyCommand, raw: Record<string, unknown>): Record<string, unknown> {
  const shape = command.input.shape as Record<string, unknown>;
  const strangers = Object.keys(raw).filter((key) => !(key in shape));
  if (strangers.length) {
    const fields = strangers.map((key) => ({ field: `filters.${key}`, message: `is not a filter of ${command.title.toLowerCase()}` }));
    throw badRequest(`${command.title} has no filter named ${strangers.join(', ')}.`, fields);
  }
  const given = Object.fromEntries(Object.entries(raw).filter(([key, value]) => !LIST_PAGING_FIELDS.has(key) && value !== undefined && value !== ''));
  const parsed = command.input.safeParse({ ...given, page: 1 });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => ({ field: ['filters', ...issue.path.map(String)].join('.'), message: issue.message }));
    throw badRequest(`The filters do not suit ${command.title.toLowerCase()}: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, fields);
  }
  return Object.fromEntries(
    Object.entries(parsed.data as Record<string, unknown>).filter(([key, value]) => !LIST_PAGING_FIELDS.has(key) && value !== undefined),
  );
}

/** Filters in words, for the Downloads list and emails: `Status: Ready · From: 2026-11-01T00:00:00.000`; "No filters" when none. */
export function filterWords(command: AnyCommand, filters: Record<string, unknown>): string {
  const shape = command.input.shape as Record<string, z.ZodType>;
  const range = command.list?.dateRange;
  const words = Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => {
      const meta = shape[key] ? fieldMeta(shape[key]) : {};
      const label = key === range?.from ? 'From' : key === range?.to ? 'To' : (meta.label ?? humanize(key));
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      return `${label}: ${meta.words?.[text] ?? (typeof value === 'boolean' ? (value ? 'yes' : 'no') : text)}`;
    });
  return words.length ? words.join(' · ') : 'No filters';
}
