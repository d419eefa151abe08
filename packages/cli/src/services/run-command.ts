import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AnyCommand, ListPage } from '@traction/core';
import type { CallOptions } from '@traction/core/client';
import { usageError } from '../errors';
import type { InputField } from '../flags/input-fields';
import { inputFromText, validateInput, type TextValue } from '../flags/text-input';
import { canPrompt, type Io } from '../io';
import { chooseFormat, withSink, writeRows, writeValue, type OutputFormat } from '../output/emit';
import { guessColumns } from '../output/format-cell';
import { printList } from '../output/list-run';
import { previewLines } from '../output/preview-lines';
import type { OutputChoice } from '../output/output-choice';
import { confirmDanger, inputLines } from './confirm-danger';
import { resolveDateBound } from './date-bounds';
import { exportCsv } from './export';
import { callWithSession, openSession, requireSignedIn, type GlobalOptions } from './session';

/** `traction <group> <action>` as typed, for messages. */
export const invocationOf = (command: AnyCommand) => `traction ${command.group} ${command.action}`;

/** The flag a field is typed as, for messages (`--user-id`). */
export function flagLabel(fields: readonly InputField[]): (name: string) => string {
  const byName = new Map(fields.map((field) => [field.name, field.flag]));
  return (name) => `--${byName.get(name) ?? name}`;
}

export interface FlagInput {
  /** Flag values by input field name. */
  values: Readonly<Record<string, TextValue>>;
  /** `--from` / `--to`, for lists with a date range. */
  from?: string;
  to?: string;
}

/**
 * Flags → the command's input, checked by its schema before anything is sent. Every problem is
 * reported at once, under the flag's name, with zod's message (exit 2).
 */
export async function inputFromFlags(io: Io, command: AnyCommand, fields: readonly InputField[], flags: FlagInput): Promise<Record<string, unknown>> {
  const values: Record<string, TextValue> = { ...flags.values };
  const range = command.list?.dateRange;
  if ((flags.from || flags.to) && !range) throw usageError(`${invocationOf(command)} has no date range: --from and --to do not apply`);
  if (range && flags.from) values[range.from] = resolveDateBound(flags.from, new Date(), '--from');
  if (range && flags.to) values[range.to] = resolveDateBound(flags.to, new Date(), '--to');
  const label = flagLabel(fields);
  const { input, problems } = await inputFromText(command, fields, values, { baseDir: io.cwd, label: (field) => label(field.name) });
  // `traction export` offers the range only as --from/--to, so its bounds are not among `fields`.
  if (range && flags.from && input[range.from] === undefined) input[range.from] = values[range.from];
  if (range && flags.to && input[range.to] === undefined) input[range.to] = values[range.to];
  const checked = validateInput(command, input, (name) =>
    range && name === range.from && flags.from ? '--from' : range && name === range.to && flags.to ? '--to' : label(name),
  );
  const messages = [...problems, ...(checked.ok ? [] : checked.messages)];
  if (messages.length) {
    throw usageError(`${messages.join('\n')}\nSee \`${invocationOf(command)} --help\`.`);
  }
  return input;
}

export interface RunOptions {
  globals: GlobalOptions;
  /** Lists: every page, not just one. */
  all?: boolean;
  /** Mutating commands: the caller's key; money and bulk commands get a fresh one otherwise. */
  idempotencyKey?: string;
  /** `-o`, `--columns`, `--json a,b`, `--limit`, already checked. */
  output?: OutputChoice;
  /** Money commands: print what would be posted, post nothing. */
  dryRun?: boolean;
  /** Money commands: post only as this preview token says. */
  ifMatch?: string;
}

/** The generic path of `traction <group> <action>`: flags in, one call, the answer out. */
export async function runCommand(io: Io, command: AnyCommand, input: Record<string, unknown>, options: RunOptions): Promise<void> {
  const { globals } = options;
  const format: OutputFormat = chooseFormat(io, { ...globals, ...(options.output?.view ? { view: options.output.view } : {}) });
  if ((options.dryRun || options.ifMatch) && command.danger !== 'money')
    throw usageError(`${invocationOf(command)} moves no money: --dry-run and --if-match do not apply`);
  const session = openSession(io, globals);
  if (options.dryRun) {
    if (command.auth === 'admin') await requireSignedIn(session);
    const preview = await callWithSession(session, (client) => client.preview(command, input as never, { signal: io.signal }));
    await withSink(io, globals.out, async (sink) => {
      if (format === 'json') writeValue(sink, format, preview);
      else sink.write(`${previewLines(preview).join('\n')}\nNothing was posted (dry run).\n`);
    });
    return;
  }
  // At a terminal a money command shows what it will post before asking, and then posts only that.
  let ifMatch = options.ifMatch;
  let details = inputLines(command, input);
  if (command.danger === 'money' && !globals.yes && !ifMatch && canPrompt(io)) {
    if (command.auth === 'admin') await requireSignedIn(session);
    const preview = await callWithSession(session, (client) => client.preview(command, input as never, { signal: io.signal }));
    ifMatch = preview.token;
    details = [...details, ...previewLines(preview).slice(0, -1)];
  }
  // A command asked only to show what it would do (its own dryRun field) changes nothing: nothing to confirm.
  await confirmDanger(io, command, {
    yes: globals.yes || input.dryRun === true,
    question: `${command.title}?`,
    details,
    invocation: invocationOf(command),
  });
  if (command.auth === 'admin') await requireSignedIn(session);

  if (command.list && format === 'csv') {
    // The server's own CSV: every row matching the filters, the same file `traction export` writes.
    await exportCsv(session, command, input, {
      ...(globals.out ? { out: globals.out } : {}),
      ...(globals.bom !== undefined ? { bom: globals.bom } : {}),
      ...(globals.csvKeys ? { keys: true } : {}),
    });
    return;
  }

  if (command.answers === 'file') {
    // A file's bytes (an uploaded document): into --out, or down a pipe; never onto a terminal.
    if (!globals.out && io.stdout.isTTY) throw usageError(`${invocationOf(command)} answers a file: pass --out FILE, or pipe it`);
    await withSink(io, globals.out, async (sink) => {
      const response = await callWithSession(session, (client) => client.download(command, input as never, { signal: io.signal }));
      if (response.body) await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), sink, { end: sink !== io.stdout });
    });
    return;
  }

  const key = options.idempotencyKey ?? (command.idempotency === 'required' ? `cli-${randomUUID()}` : undefined);
  const call = (value: Record<string, unknown>) => {
    const callOptions: CallOptions = { signal: io.signal, ...(key ? { idempotencyKey: key } : {}), ...(ifMatch ? { ifMatch } : {}) };
    return callWithSession(session, (client) => client.call(command, value as never, callOptions));
  };

  if (command.list) {
    const list = (value: Record<string, unknown>) => call(value) as Promise<ListPage<Record<string, unknown>>>;
    await printList(io, command, input, list, { format, all: Boolean(options.all), choice: options.output ?? {}, out: globals.out });
    return;
  }

  if (options.all) throw usageError('--all applies to lists only');
  const data = await call(input);
  await withSink(io, globals.out, async (sink) => {
    const items = (data as { items?: unknown } | undefined)?.items;
    if (Array.isArray(items) && items.every((item) => item && typeof item === 'object' && !Array.isArray(item)) && Object.keys(data as object).length === 1) {
      const rows = items as Record<string, unknown>[];
      await writeRows(io, sink, format, { columns: guessColumns(rows), rows, ...(options.output?.fields ? { fields: options.output.fields } : {}) });
    } else {
      writeValue(sink, format, data, options.output?.fields);
    }
  });
}
