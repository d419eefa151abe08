import type { AnyCommand } from '../../command';
import {
  batchTransferStatus,
  getTransfer,
  listTransfers,
  requeryTransfer,
  retryTransfer,
  retryTransfersBulk,
  reviewTransfer,
  reviewTransfersBulk,
} from './transfer-status-commands';
import { createFundsTransfer, createPayout, listTransferBanks, nameEnquiry } from './transfers';

export * from './transfer-schemas';
export * from './transfer-status-commands';
export * from './transfers';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const transferCommands = [
  createFundsTransfer,
  createPayout,
  nameEnquiry,
  listTransferBanks,
  listTransfers,
  getTransfer,
  batchTransferStatus,
  reviewTransfer,
  reviewTransfersBulk,
  requeryTransfer,
  retryTransfer,
  retryTransfersBulk,
] as const satisfies readonly AnyCommand[];
