import { createHash } from 'node:crypto';
import {
  ApiError,
  badRequest,
  formatByteSize,
  getTerminalUpload,
  listTerminalUploads,
  MAX_TERMINAL_UPLOAD_BYTES,
  MAX_TERMINAL_UPLOAD_ROWS,
  notFound,
  safeFileName,
  TERMINAL_STOCK_COLUMNS,
  TERMINAL_TID_COLUMNS,
  TERMINAL_UPLOAD_HEADER_ALIASES,
  type TerminalUploadKind,
  type TerminalUploadProblem,
  terminalUploadTemplate,
  uploadTerminalIds,
  uploadTerminalStock,
} from '@traction/core';
import { stringify } from 'csv-stringify/sync';
import { isUniqueViolation } from '../../db/unique-violation';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { readSpreadsheet, type SheetColumn } from '../../handling/spreadsheet';
import { checkStockRows, checkTidRows } from './terminal-upload-checks';
import {
  applyTerminalIds,
  findTerminalUpload,
  insertStock,
  insertUpload,
  storedTerminals,
  terminalUploadQuery,
  toTerminalUploadRow,
} from './terminal-uploads.repository';

interface UploadAsked {
  check: boolean;
  skipBadRows: boolean;
  file: Blob;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-NG')} ${count === 1 ? one : many}`;

async function fileBytes(file: Blob) {
  if (file.size > MAX_TERMINAL_UPLOAD_BYTES) {
    throw new ApiError(413, `The file is ${formatByteSize(file.size)}; the limit is ${formatByteSize(MAX_TERMINAL_UPLOAD_BYTES)}`, {
      fields: [{ field: 'file', message: `must be at most ${formatByteSize(MAX_TERMINAL_UPLOAD_BYTES)}` }],
    });
  }
  if (file.size === 0) throw badRequest('The file is empty', [{ field: 'file', message: 'is empty' }]);
  return new Uint8Array(await file.arrayBuffer());
}

function readRows<K extends string>(bytes: Uint8Array, columns: readonly SheetColumn<K>[]) {
  const aliases = TERMINAL_UPLOAD_HEADER_ALIASES as Readonly<Record<K, readonly string[]>>;
  return readSpreadsheet(bytes, { columns, aliases, rowsAre: 'terminals', maxRows: MAX_TERMINAL_UPLOAD_ROWS, xls: true });
}

/**
 * Checks every row of a terminal spreadsheet, then saves the good ones in the command's
 * transaction with the upload's record: all of them, or — when the file has bad rows — none,
 * unless skipBadRows says to save the rest. The stored terminals are read inside the same
 * transaction, and a serial number or terminal ID taken meanwhile by another admin is a 409.
 */
async function runUpload<K extends string, Good>(
  ctx: HandlerContext,
  asked: UploadAsked,
  kind: TerminalUploadKind,
  spec: {
    columns: readonly SheetColumn<K>[];
    check(rows: ReturnType<typeof readRows<K>>['rows'], ctx: HandlerContext): Promise<{ good: Good[]; problems: TerminalUploadProblem[] }>;
    save(good: Good[], upload: { id: number; adminId: number; at: Date }): Promise<void>;
    saved: string;
  },
) {
  const admin = requireAdmin(ctx);
  const bytes = await fileBytes(asked.file);
  const { format, rows } = readRows(bytes, spec.columns);
  const { good, problems } = await spec.check(rows, ctx);
  const bad = new Set(problems.map((problem) => problem.row)).size;
  const badSaid = `${plural(bad, 'row')} ${bad === 1 ? 'is' : 'are'} bad`;
  if (asked.check) {
    const message =
      bad === 0
        ? `All ${plural(rows.length, 'row')} are good: save the file to ${spec.saved}.`
        : `${plural(good.length, 'row')} of ${rows.length.toLocaleString('en-NG')} ${good.length === 1 ? 'is' : 'are'} good; ${badSaid}. Nothing was saved.`;
    return { upload: null, checked: true, rows: rows.length, good: good.length, problems, message };
  }
  if (bad > 0 && (!asked.skipBadRows || good.length === 0)) {
    throw new ApiError(
      400,
      `${badSaid}: nothing was saved. Fix ${bad === 1 ? 'it' : 'them'} and upload the file again${good.length > 0 ? ', or save the good rows and skip the bad' : ''}.`,
      { fields: [{ field: 'file', message: `has ${badSaid.replace(/ (is|are) bad$/, '')} that cannot be saved` }], problems },
    );
  }
  const fileName = safeFileName((asked.file instanceof File ? asked.file.name : '').split(/[\\/]/).pop() ?? '', 'terminals.xlsx')
    .slice(0, 200)
    .trimEnd();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const id = await insertUpload(ctx.db, { kind, fileName, format, sha256, rows: rows.length, saved: good.length, problems, adminId: admin.id, at: ctx.now });
  try {
    await spec.save(good, { id, adminId: admin.id, at: ctx.now });
  } catch (error) {
    if (isUniqueViolation(error, 'terminals_serial_no_key') || isUniqueViolation(error, 'terminals_terminal_id_key'))
      throw new ApiError(
        409,
        'Another admin stored one of these serial numbers or terminal IDs while this file was being saved: nothing was saved; upload it again to see which.',
        {
          reason: 'already_exists',
        },
      );
    throw error;
  }
  const upload = await findTerminalUpload(ctx.db, id);
  const skipped = bad > 0 ? `; ${plural(bad, 'bad row')} skipped` : '';
  return {
    upload: upload ?? null,
    checked: false,
    rows: rows.length,
    good: good.length,
    problems,
    message: `Upload #${id}: ${plural(good.length, 'row')} saved${skipped}.`,
  };
}

export const uploadTerminalStockHandler = implement(uploadTerminalStock, async ({ input, ctx }) =>
  runUpload(ctx, input, 'STOCK', {
    columns: TERMINAL_STOCK_COLUMNS,
    saved: 'add these terminals to stock',
    check: async (rows) => {
      const serials = rows.map((row) => row.cells.serial_no.toUpperCase());
      const tids = rows.map((row) => row.cells.terminal_id.toUpperCase());
      return checkStockRows(rows, await storedTerminals(ctx.db, serials, tids));
    },
    save: (good, upload) => insertStock(ctx.db, good, upload),
  }),
);

export const uploadTerminalIdsHandler = implement(uploadTerminalIds, async ({ input, ctx }) =>
  runUpload(ctx, input, 'TIDS', {
    columns: TERMINAL_TID_COLUMNS,
    saved: 'give these terminals their new IDs',
    check: async (rows) => {
      // Serial numbers as stored: a bare number padded to 3 digits.
      const serials = rows.map((row) => {
        const serial = row.cells.serial_no.toUpperCase();
        return /^\d{1,2}$/.test(serial) ? serial.padStart(3, '0') : serial;
      });
      const tids = rows.map((row) => row.cells.terminal_id.toUpperCase());
      return checkTidRows(rows, await storedTerminals(ctx.db, serials, tids));
    },
    save: (good, upload) => applyTerminalIds(ctx.db, good, upload),
  }),
);

const TEMPLATES: Record<TerminalUploadKind, readonly { key: string; example: string }[]> = { STOCK: TERMINAL_STOCK_COLUMNS, TIDS: TERMINAL_TID_COLUMNS };

export const terminalUploadTemplateHandler = implement(terminalUploadTemplate, async ({ input }) => {
  const columns = TEMPLATES[input.kind];
  const body = new TextEncoder().encode(stringify([columns.map((column) => column.key), columns.map((column) => column.example)]));
  return {
    fileName: input.kind === 'STOCK' ? 'terminal-stock-template.csv' : 'terminal-ids-template.csv',
    contentType: 'text/csv; charset=utf-8',
    sizeBytes: body.byteLength,
    disposition: 'attachment' as const,
    body,
  };
});

export const listTerminalUploadsHandler = implementList(listTerminalUploads, ({ input, ctx }) => {
  let query = terminalUploadQuery(ctx.db);
  if (input.kind) query = query.where('u.kind', '=', input.kind);
  return { query, cursor: { column: 'u.id', key: 'id', direction: 'desc' }, map: toTerminalUploadRow };
});

export const getTerminalUploadHandler = implement(getTerminalUpload, async ({ input, ctx }) => {
  const upload = await findTerminalUpload(ctx.db, input.id);
  if (!upload) throw notFound(`There is no terminal upload #${input.id}`);
  return upload;
});
