import { createHash } from 'node:crypto';
import {
  ApiError,
  badRequest,
  compareSheetVersions,
  conflict,
  formatByteSize,
  listSheetLogged,
  listSheetRows,
  listSheetVersions,
  MAX_SHEET_BYTES,
  MAX_SHEET_ROWS,
  notFound,
  SHEET_COLUMNS,
  SHEET_SOURCE_WORDS,
  type SheetRowOut,
  type SheetSource,
  safeFileName,
  sheetTemplate,
  uploadSheet,
} from '@traction/core';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { isoTimestamp } from '../../db/timestamps';
import { isUniqueViolation } from '../../db/unique-violation';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { readSpreadsheet } from '../../handling/spreadsheet';
import { checkSheetRows, linkSheetRows } from './sheet-checks';
import {
  filterSheetRows,
  filterSheetVersions,
  findSheetVersion,
  insertSheetVersion,
  knownRecords,
  latestVersionNumber,
  rowsOfVersion,
  type SheetRowRecord,
  sheetRowQuery,
  sheetVersionQuery,
  toSheetRow,
  toSheetVersionRow,
} from './sheets.repository';

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-NG')} ${count === 1 ? one : many}`;

async function fileBytes(file: Blob) {
  if (file.size > MAX_SHEET_BYTES) {
    throw new ApiError(413, `The file is ${formatByteSize(file.size)}; the limit is ${formatByteSize(MAX_SHEET_BYTES)}`, {
      fields: [{ field: 'file', message: `must be at most ${formatByteSize(MAX_SHEET_BYTES)}` }],
    });
  }
  if (file.size === 0) throw badRequest('The file is empty', [{ field: 'file', message: 'is empty' }]);
  return new Uint8Array(await file.arrayBuffer());
}

/** Reads a sheet with the shared spreadsheet reader: each column by its key, its label or an alias. */
function readSheet(source: SheetSource, bytes: Uint8Array) {
  const columns = SHEET_COLUMNS[source];
  const aliases = Object.fromEntries(columns.map((column) => [column.key, [column.label, ...column.aliases]]));
  return readSpreadsheet(bytes, { columns, aliases, rowsAre: 'rows', maxRows: MAX_SHEET_ROWS, xls: false });
}

const versionTaken = (source: SheetSource, asked: number, latest: number) =>
  conflict(
    `${SHEET_SOURCE_WORDS[source]} version ${asked} is already taken (the latest is ${latest}): someone uploaded it meanwhile. Look at it, then upload yours as version ${latest + 1}.`,
    { reason: 'version_taken', latest, fields: [{ field: 'version', message: `is taken; the next is ${latest + 1}` }] },
  );

/**
 * A new version of a sheet. Every row is checked; a file with a bad row keeps nothing (400,
 * every bad row named). Good rows are linked to the terminals and merchants the system knows and
 * flagged where they contradict it (kept all the same: the sheet says what the field saw). The
 * version is the source's next; an expected version already taken is a 409, as is losing a race
 * for it to another upload (the unique index decides).
 */
export const uploadSheetHandler = implement(uploadSheet, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const words = SHEET_SOURCE_WORDS[input.source];
  const bytes = await fileBytes(input.file);
  const { format, rows } = readSheet(input.source, bytes);
  const { good, problems } = checkSheetRows(input.source, rows);
  const bad = new Set(problems.map((problem) => problem.row)).size;
  const latest = await latestVersionNumber(ctx.db, input.source);
  const next = latest + 1;
  if (input.version !== undefined && input.version <= latest) throw versionTaken(input.source, input.version, latest);
  if (input.version !== undefined && input.version > next) {
    throw badRequest(`${words} has ${latest === 0 ? 'no version yet' : `versions up to ${latest}`}: the next is ${next}, not ${input.version}`, [
      { field: 'version', message: `must be ${next}, the next version` },
    ]);
  }
  const known = await knownRecords(
    ctx.db,
    good.map((row) => row.tid),
    good.map((row) => row.serialNo).filter((serial) => serial !== ''),
    good.flatMap((row) => (row.merchantId === null ? [] : [row.merchantId])),
  );
  const linked = linkSheetRows(good, known);
  const flagged = linked.filter((row) => row.flag !== null).length;
  const flaggedSaid = flagged > 0 ? ` ${plural(flagged, 'row')} ${flagged === 1 ? 'contradicts' : 'contradict'} the system and will be flagged.` : '';
  const badSaid = `${plural(bad, 'row')} ${bad === 1 ? 'is' : 'are'} bad`;
  if (input.check) {
    const message =
      bad === 0
        ? `All ${plural(rows.length, 'row')} are good: save the file as ${words} version ${next}.${flaggedSaid}`
        : `${plural(good.length, 'row')} of ${rows.length.toLocaleString('en-NG')} ${good.length === 1 ? 'is' : 'are'} good; ${badSaid}. Nothing was saved: a sheet is kept whole or not at all.`;
    return { version: null, checked: true, rows: rows.length, good: good.length, flagged, problems, message };
  }
  if (bad > 0) {
    throw new ApiError(
      400,
      `${badSaid}: nothing was saved (a sheet is kept whole or not at all). Fix ${bad === 1 ? 'it' : 'them'} and upload the file again.`,
      {
        fields: [{ field: 'file', message: `has ${plural(bad, 'bad row')}` }],
        problems,
      },
    );
  }
  const fileName = safeFileName((input.file instanceof File ? input.file.name : '').split(/[\\/]/).pop() ?? '', `${input.source}.${format}`)
    .slice(0, 200)
    .trimEnd();
  let id: number;
  try {
    id = await insertSheetVersion(ctx.db, {
      source: input.source,
      version: next,
      tag: input.tag ?? '',
      fileName,
      format: format === 'xlsx' ? 'xlsx' : 'csv',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      rows: linked,
      adminId: admin.id,
      at: ctx.now,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'sheet_versions_source_version')) throw versionTaken(input.source, next, next);
    throw error;
  }
  const version = await sheetVersionQuery(ctx.db).where('v.id', '=', id).executeTakeFirstOrThrow();
  return {
    version: toSheetVersionRow(version),
    checked: false,
    rows: rows.length,
    good: good.length,
    flagged,
    problems,
    message: `${words} version ${next} saved: ${plural(good.length, 'row')}${flagged > 0 ? `, ${flagged} flagged` : ''}.`,
  };
});

export const listSheetRowsHandler = implementList(
  listSheetRows,
  ({ input, ctx }) => ({
    query: filterSheetRows(sheetRowQuery(ctx.db), input),
    cursor: { column: 'r.id', key: 'id', direction: 'asc' },
    map: toSheetRow,
  }),
  {
    precondition: async ({ input, ctx }) => {
      if (input.version !== undefined && !(await findSheetVersion(ctx.db, input.source, input.version))) {
        throw notFound(`${SHEET_SOURCE_WORDS[input.source]} has no version ${input.version}`);
      }
    },
  },
);

export const listSheetVersionsHandler = implementList(listSheetVersions, ({ input, ctx }) => ({
  query: filterSheetVersions(sheetVersionQuery(ctx.db), input),
  cursor: { column: 'v.id', key: 'id', direction: 'desc' },
  map: toSheetVersionRow,
}));

/** Every version's row for one terminal: its TID, or its serial number on the mastersheet. */
export const listSheetLoggedHandler = implementList(listSheetLogged, ({ input, ctx }) => {
  const terminal = input.terminal.toUpperCase();
  return {
    query: sheetRowQuery(ctx.db).where('v.source', '=', input.source).where(sql<boolean>`(r.tid = ${terminal} or r.serial_no = ${terminal})`),
    cursor: { column: 'r.id', key: 'id', direction: 'desc' },
    map: (row: SheetRowRecord) => ({ ...toSheetRow(row), uploadedAt: isoTimestamp(row.uploaded_at), tag: row.tag }),
  };
});

const sameCells = (a: SheetRowOut, b: SheetRowOut, keys: readonly string[]) => keys.filter((key) => (a.cells[key] ?? '') !== (b.cells[key] ?? ''));

/**
 * Two versions' differences by key: rows only in `to` (added), only in `from` (removed), and in
 * both with some cell changed, naming the cells. By default the latest version against the one
 * before it.
 */
export const compareSheetVersionsHandler = implement(compareSheetVersions, async ({ input, ctx }) => {
  const words = SHEET_SOURCE_WORDS[input.source];
  const to = await findSheetVersion(ctx.db, input.source, input.to);
  if (!to) throw notFound(input.to === undefined ? `${words} has no version yet` : `${words} has no version ${input.to}`);
  const fromNumber = input.from ?? to.version - 1;
  if (fromNumber === to.version) throw badRequest('Choose two different versions to compare', [{ field: 'from', message: 'must differ from to' }]);
  if (fromNumber < 1)
    throw badRequest(`${words} has only version ${to.version}: there is nothing to compare it with`, [{ field: 'from', message: 'is needed' }]);
  const from = await findSheetVersion(ctx.db, input.source, fromNumber);
  if (!from) throw notFound(`${words} has no version ${fromNumber}`);
  const columns = SHEET_COLUMNS[input.source].map((column) => ({ key: column.key, label: column.label }));
  const keys = columns.map((column) => column.key);
  const before = (await rowsOfVersion(ctx.db, from.id)).map(toSheetRow);
  const after = (await rowsOfVersion(ctx.db, to.id)).map(toSheetRow);
  const beforeByKey = new Map(before.map((row) => [row.key, row]));
  const afterKeys = new Set(after.map((row) => row.key));
  const added: SheetRowOut[] = [];
  const changed: { key: string; before: SheetRowOut; after: SheetRowOut; changedColumns: string[] }[] = [];
  let unchanged = 0;
  for (const row of after) {
    const old = beforeByKey.get(row.key);
    if (!old) added.push(row);
    else {
      const changedColumns = sameCells(old, row, keys);
      if (changedColumns.length > 0) changed.push({ key: row.key, before: old, after: row, changedColumns });
      else unchanged += 1;
    }
  }
  const removed = before.filter((row) => !afterKeys.has(row.key));
  return {
    source: input.source,
    from: toSheetVersionRow(from),
    to: toSheetVersionRow(to),
    columns,
    added,
    removed,
    changed,
    unchanged,
    message: `${words} version ${to.version} against version ${from.version}: ${plural(added.length, 'row')} added, ${removed.length.toLocaleString('en-NG')} removed, ${changed.length.toLocaleString('en-NG')} changed, ${unchanged.toLocaleString('en-NG')} the same.`,
  };
});

export const sheetTemplateHandler = implement(sheetTemplate, async ({ input }) => {
  const columns = SHEET_COLUMNS[input.source];
  const body = new TextEncoder().encode(stringify([columns.map((column) => column.label), columns.map((column) => column.example)]));
  return {
    fileName: `${input.source}-template.csv`,
    contentType: 'text/csv; charset=utf-8',
    sizeBytes: body.byteLength,
    disposition: 'attachment' as const,
    body,
  };
});
