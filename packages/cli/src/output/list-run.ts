import type { AnyCommand, ListPage } from '@traction/core';
import { note, type Io } from '../io';
import { exportName } from '../services/export-name';
import { withSink, writeRows, type OutputFormat } from './emit';
import type { OutputChoice } from './output-choice';
import type { TableState } from './table-output';

type Row = Record<string, unknown>;

export interface ListRun {
  format: OutputFormat;
  /** `--all`: every page from the one asked for. */
  all: boolean;
  choice: OutputChoice;
  out: string | undefined;
}

const rowsText = (count: number) => `${count.toLocaleString('en-NG')} row${count === 1 ? '' : 's'}`;
const pagesOf = (page: ListPage<unknown>) => Math.max(1, Math.ceil(page.total / page.pageSize));

/** Where the rows shown sit in the list, and how to read on: for the table's footer, or stderr beside a script's output. */
interface Place {
  said: string;
  more: string[];
  /** No rows to show: `said` says why, in place of the table's rows. */
  empty: boolean;
}

function whereWeAre(command: AnyCommand, page: ListPage<unknown>, after: number | undefined): Place {
  if (page.total === 0) return { said: 'No rows match.', more: [], empty: true };
  if (after !== undefined) {
    if (page.items.length === 0)
      return { said: `No rows after ${after}: that is the end of the list (${rowsText(page.total)} in all).`, more: [], empty: true };
    return {
      said: `${rowsText(page.items.length)} after ${after} · ${rowsText(page.total)} in all`,
      more: page.next != null ? [`next: --after ${page.next}`] : [],
      empty: false,
    };
  }
  const pages = pagesOf(page);
  if (page.items.length === 0) {
    return {
      said: `Page ${page.page} is past the end: the ${rowsText(page.total)} fill ${pages === 1 ? 'one page' : `${pages} pages`}.`,
      more: [],
      empty: true,
    };
  }
  const more = page.hasMore ? [`next: --page ${page.page + 1}${page.next != null ? ` or --after ${page.next}` : ''}`] : [];
  if (pages > 1) more.push(`all rows: --all${command.list?.csv ? `, or traction export ${exportName(command)}` : ''}`);
  return { said: `Page ${page.page} of ${pages} · ${rowsText(page.total)}`, more, empty: false };
}

/**
 * Prints a list: one page (`--page`, `--after`), at most `--limit` rows, or every page (`--all`),
 * read by cursor so each row comes once however the list changes meanwhile, and written page by
 * page so memory holds one page at a time. On a terminal, one table whose layout is set by its
 * first page; elsewhere aligned text, JSON lines or CSV, with where-to-go-on notes on stderr.
 */
export async function printList(io: Io, command: AnyCommand, input: Row, call: (input: Row) => Promise<ListPage<Row>>, run: ListRun): Promise<void> {
  const list = command.list!;
  const { choice } = run;
  const columns = choice.columns ?? list.columns;
  const table: TableState = {};
  const terminal = run.format === 'terminal' || run.format === 'wide';
  const walking = run.all || choice.limit !== undefined;
  await withSink(io, run.out, async (sink) => {
    let request: Row = { ...input };
    let written = 0;
    let first = true;
    for (;;) {
      const left = choice.limit === undefined ? undefined : choice.limit - written;
      if (left !== undefined && left < list.pageSize) request.limit = left;
      const page = await call(request);
      const rows = left === undefined ? page.items : page.items.slice(0, left);
      written += rows.length;
      const reachedLimit = choice.limit !== undefined && written >= choice.limit;
      const last = !walking || !page.hasMore || page.next == null || reachedLimit || io.signal.aborted;
      const after = first ? (input.after as number | undefined) : undefined;
      const place = walking ? undefined : whereWeAre(command, page, after);
      let footer: string | undefined;
      if (terminal && last) {
        if (place) footer = place.empty ? undefined : [place.said, ...place.more].join(' · ');
        else {
          const more = !page.hasMore || page.next == null ? '' : ` · next: --after ${page.next}`;
          footer = `${choice.limit !== undefined ? `${written.toLocaleString('en-NG')} of ${rowsText(page.total)}` : rowsText(written)}${more}`;
        }
      }
      await writeRows(io, sink, run.format, {
        columns,
        rows,
        header: first,
        table,
        chosenColumns: choice.columns !== undefined,
        ...(choice.fields ? { fields: choice.fields } : {}),
        ...(footer ? { footer } : {}),
        ...(place?.empty ? { empty: place.said } : {}),
      });
      if (!terminal && place && (place.more.length > 0 || place.empty)) {
        // Scripts read stdout; where to go on goes where people see it.
        note(io, [place.said, ...place.more].join(' · '));
      }
      if (!terminal && walking && last && reachedLimit && page.hasMore && page.next != null) {
        note(io, `${written.toLocaleString('en-NG')} of ${rowsText(page.total)} · next: --after ${page.next}`);
      }
      if (last) return;
      request = { ...input, after: page.next };
      delete request.page;
      first = false;
    }
  });
}
