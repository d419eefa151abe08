import type { AnyCommand } from '../../command';
import {
  bulkTransferTemplate,
  cancelBulkTransfers,
  getBulkTransfers,
  listBulkTransferRows,
  listBulkTransfers,
  retryBulkTransferRows,
  submitBulkTransfers,
  uploadBulkTransfers,
} from './bulk-transfers';

export * from './bulk-transfer-schemas';
export * from './bulk-transfers';

/**
 * The commands of this domain, in the order the palette and CLI help list them. The template
 * comes before `get`: both are GETs under /ft/v1/bulk/, and the literal path must be mounted
 * before the one with `{id}`.
 */
export const bulkTransferCommands = [
  bulkTransferTemplate,
  uploadBulkTransfers,
  submitBulkTransfers,
  listBulkTransfers,
  getBulkTransfers,
  listBulkTransferRows,
  retryBulkTransferRows,
  cancelBulkTransfers,
] as const satisfies readonly AnyCommand[];
