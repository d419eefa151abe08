import {
  BULK_TRANSFER_COLUMNS,
  bulkTransferTemplate,
  cancelBulkTransfers,
  formatNaira,
  getBulkTransfers,
  listBulkTransferRows,
  listBulkTransfers,
  notFound,
  nuban,
  retryBulkTransferRows,
  submitBulkTransfers,
  uploadBulkTransfers,
} from '@traction/core';
import { stringify } from 'csv-stringify/sync';
import type { HandlerContext } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { cancelUpload, retryRefusedRows, submitUpload } from './bulk-decisions';
import { findUpload, progressOf, rowListQuery, toBulkRow, toBulkUpload, toBulkUploadRow, uploadListQuery, uploadProblems } from './bulk-transfers.repository';
import { uploadBulkFile } from './bulk-upload';

/** One upload with its progress counted afresh from its transfers. */
async function uploadView(ctx: HandlerContext, id: number | bigint) {
  const record = await findUpload(ctx.db, id, ctx.now);
  if (!record) throw notFound(`There is no bulk upload #${id}`);
  return toBulkUpload(record, await progressOf(ctx.db, record.id));
}

const TEMPLATE_ROWS = [
  ['058', nuban('058', '012345678'), '1,500.00', 'November salary', 'PAY-2026-11-0001', ''],
  ['Zenith Bank', nuban('057', '210987654'), '250000', 'Supplier invoice 118', '', ''],
];

export const bulkTransferTemplateHandler = implement(bulkTransferTemplate, async () => {
  const body = new TextEncoder().encode(stringify([BULK_TRANSFER_COLUMNS.map((column) => column.key), ...TEMPLATE_ROWS]));
  return {
    fileName: 'bulk-transfers-template.csv',
    contentType: 'text/csv; charset=utf-8',
    sizeBytes: body.byteLength,
    disposition: 'attachment' as const,
    body,
  };
});

export const uploadBulkTransfersHandler = implement(
  uploadBulkTransfers,
  async ({ input, ctx }) => {
    const done = await uploadBulkFile(ctx, input);
    const upload = await uploadView(ctx, done.id);
    const problems = await uploadProblems(ctx.db, done.id);
    const name = `Upload #${upload.id}`;
    const money = `${formatNaira(upload.total)}${upload.fees > 0 ? ` and ${formatNaira(upload.fees)} of fees` : ''}`;
    let message: string;
    if (done.reused)
      message = `${name} of this file from ${upload.source} already exists (${upload.status.toLowerCase().replace('_', ' ')}): nothing was stored again.`;
    else if (upload.badRows > 0)
      message = `${name}: ${upload.validRows} of ${upload.rowCount} rows are good (${money}); ${upload.badRows} ${upload.badRows === 1 ? 'is' : 'are'} bad. Fix the file and upload it again, or submit it excluding the bad rows. Nothing has moved.`;
    else message = `${name}: all ${upload.rowCount} rows are good, ${money} in all. Submit it for another admin's approval; nothing has moved.`;
    return { upload, problems, warnings: done.warnings, reused: done.reused, message };
  },
  // The banks' name enquiries run outside any transaction; the upload is written in a short one of its own.
  { transactional: false },
);

export const submitBulkTransfersHandler = implement(submitBulkTransfers, async ({ input, ctx }) => {
  const message = await submitUpload(ctx, input);
  return { upload: await uploadView(ctx, input.id), message };
});

export const cancelBulkTransfersHandler = implement(cancelBulkTransfers, async ({ input, ctx }) => {
  const message = await cancelUpload(ctx, input);
  return { upload: await uploadView(ctx, input.id), message };
});

export const retryBulkTransferRowsHandler = implement(retryBulkTransferRows, async ({ input, ctx }) => {
  const message = await retryRefusedRows(ctx, input);
  return { upload: await uploadView(ctx, input.id), message };
});

export const getBulkTransfersHandler = implement(getBulkTransfers, async ({ input, ctx }) => ({ upload: await uploadView(ctx, input.id) }));

export const listBulkTransfersHandler = implementList(listBulkTransfers, ({ input, ctx }) => ({
  query: uploadListQuery(ctx.db, ctx.now, input),
  cursor: { column: 'u.id', key: 'id', direction: 'desc' },
  map: toBulkUploadRow,
}));

export const listBulkTransferRowsHandler = implementList(
  listBulkTransferRows,
  ({ input, ctx }) => ({
    query: rowListQuery(ctx.db, BigInt(input.id), input),
    cursor: { column: 'r.row_number', key: 'row_number', direction: 'asc' },
    map: toBulkRow,
  }),
  {
    precondition: async ({ input, ctx }) => {
      if (!(await findUpload(ctx.db, input.id, ctx.now))) throw notFound(`There is no bulk upload #${input.id}`);
    },
  },
);

export const bulkTransferImplementations = [
  bulkTransferTemplateHandler,
  uploadBulkTransfersHandler,
  submitBulkTransfersHandler,
  listBulkTransfersHandler,
  getBulkTransfersHandler,
  listBulkTransferRowsHandler,
  retryBulkTransferRowsHandler,
  cancelBulkTransfersHandler,
];
