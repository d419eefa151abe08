import type { Implementation } from '../../handling/implement';
import { transferImplementations } from './transfers.handlers';

/**
 * Outgoing bank transfers (docs/decisions.md "Transfers"): started in a command's transaction
 * (the debit posted through the ledger, the send queued as a job), sent and re-queried by jobs,
 * reversed once on a final failure. Bulk uploads and sweeps start theirs through `startTransfer`.
 */
export { applyProviderAnswer, requeryTransfer, sendTransfer, transferJobs } from './dispatch';
export { type ConfirmedBeneficiary, confirmBeneficiary } from './name-enquiry';
export { SEND_JOB, sourceName, startTransfer, type TransferActor, TransferMemo, type TransferOrder, type TransferSource } from './start-transfer';
export { retryBankTransfer } from './retry';
export { walletSource } from './transfer-source';
export { newTransferBatch } from './transfers.repository';
export { toTransferRow, transferDetailOf } from './transfer-view';

/** Implementations of this domain's commands. */
export const transferDomainImplementations: readonly Implementation[] = transferImplementations;
