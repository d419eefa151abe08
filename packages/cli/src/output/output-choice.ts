import type { AnyCommand, ListColumn } from '@traction/core';
import { usageError } from '../errors';
import { chosenJsonFields } from './json-fields';

/** How a list is shown on a terminal: fitted to it, every column whole, or aligned text as in a pipe. */
export const VIEWS = ['table', 'wide', 'plain'] as const;
export type View = (typeof VIEWS)[number];

/** What the output flags ask for, checked before anything is sent. */
export interface OutputChoice {
  /** `-o table|wide|plain`. */
  view?: View;
  /** `--columns a,b`: these columns in this order, never left out to fit. */
  columns?: readonly ListColumn[];
  /** `--json a,b`: only these fields. */
  fields?: readonly string[];
  /** `--limit N`: at most N rows, read page after page. */
  limit?: number;
}

/** `businessName`, `business-name`, `business_name` and the header `Business name` all name one column. */
const comparable = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The columns `--columns` names, in its order; an unknown one is a usage error listing the list's columns. */
export function chooseColumns(all: readonly ListColumn[], text: string, invocation: string): ListColumn[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) throw usageError(`--columns needs column names. Columns of ${invocation}: ${all.map((c) => c.key).join(', ')}`);
  const chosen: ListColumn[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const column = all.find((c) => comparable(c.key) === comparable(name)) ?? all.find((c) => comparable(c.label) === comparable(name));
    if (!column) unknown.push(name);
    else if (!chosen.includes(column)) chosen.push(column);
  }
  if (unknown.length) {
    throw usageError(
      `${unknown.length === 1 ? 'Unknown column' : 'Unknown columns'} for ${invocation}: ${unknown.join(', ')}\nColumns: ${all.map((c) => c.key).join(', ')}`,
    );
  }
  return chosen;
}

/** Reads the output flags of `traction <group> <action>` from commander's options; exit 2 on anything wrong, before a call is made. */
export function outputChoice(command: AnyCommand, opts: Record<string, unknown>, invocation: string): OutputChoice {
  if (typeof opts.jq === 'string') {
    throw usageError(
      `--jq is not built in: pipe the JSON to jq, which reads one object per line:\n  ${invocation} --json | jq '${opts.jq.replace(/'/g, `'\\''`)}'`,
    );
  }
  const choice: OutputChoice = {};
  const fields = chosenJsonFields(command, opts.json, invocation);
  if (fields) choice.fields = fields;
  const view = opts.output as View | undefined;
  if (view) {
    if (opts.json || opts.csv || opts.csvKeys) throw usageError(`-o ${view} shows a table or text; it cannot be used with --json or --csv`);
    choice.view = view;
  }
  if (typeof opts.columns === 'string' && command.list) {
    if (opts.json) throw usageError('--columns chooses table columns; with --json, name the fields: --json id,email');
    if (opts.csv || opts.csvKeys) throw usageError('--columns chooses table columns; --csv writes every column of the list');
    choice.columns = chooseColumns(command.list.columns, opts.columns, invocation);
  }
  if (opts.limit !== undefined) {
    const limit = Number(opts.limit);
    if (!Number.isInteger(limit) || limit < 1 || !/^\s*\d+\s*$/.test(String(opts.limit))) throw usageError('--limit must be a whole number of rows, 1 or more');
    if (opts.csv || opts.csvKeys) throw usageError('--limit reads rows page by page; --csv writes every matching row (narrow them with the filters)');
    // A page number counts pages of 100; with fewer rows a page, page 3 would start at row 11.
    if (opts.page !== undefined && Number(opts.page) !== 1)
      throw usageError('--limit reads from the first row, or from --after ID; it cannot start at --page N');
    choice.limit = limit;
  }
  return choice;
}
