import { cancelBulkTransfers, retryBulkTransferRows, retryTransfersBulk, type BulkUpload } from '@traction/core';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { bulkTransfersPath } from './bulkPaths';

const count = (n: number, one: string, other = `${one}s`) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : other}`;

/** Statuses an upload may still be withdrawn from: nobody has approved it. */
const CANCELLABLE: ReadonlySet<BulkUpload['status']> = new Set(['VALIDATED', 'AWAITING_APPROVAL', 'DECLINED', 'EXPIRED']);
/** Statuses whose rows were (or are being) sent. */
const SENT: ReadonlySet<BulkUpload['status']> = new Set(['RUNNING', 'DONE']);

export interface BulkUploadActions {
  /** What this admin may do to the upload in its state now. */
  can: { retryRefused: boolean; retryFailed: boolean; cancel: boolean; transfers: boolean };
  /** Rows that failed at the bank (reversed): failed less those refused before sending. */
  failedAtBank: number;
  retryRefused: () => void;
  retryFailed: () => void;
  cancel: () => void;
  openTransfers: () => void;
}

/**
 * What can be done to an upload, each through its command's form (a reason asked, money
 * commands previewed and typed to confirm): retry the rows refused when the run reached them,
 * retry the rows that failed at the bank as new transfers (transfers.retry-bulk by batch), or
 * withdraw it before approval. Only what its state allows and the admin may run.
 */
export function useBulkUploadActions(upload: BulkUpload | undefined): BulkUploadActions {
  const { allowed, open } = useOpenCommand();
  const navigate = useNavigate();
  const progress = upload?.progress;
  const failedAtBank = progress ? Math.max(0, progress.failed - progress.refused) : 0;
  const sent = !!upload && SENT.has(upload.status);
  const can = {
    retryRefused: sent && (progress?.refused ?? 0) > 0 && allowed(retryBulkTransferRows),
    retryFailed: sent && failedAtBank > 0 && allowed(retryTransfersBulk),
    cancel: !!upload && CANCELLABLE.has(upload.status) && allowed(cancelBulkTransfers),
    transfers: sent,
  };
  return {
    can,
    failedAtBank,
    retryRefused: () => {
      if (!upload || !can.retryRefused) return;
      open({
        command: retryBulkTransferRows,
        fixed: { id: upload.id },
        action: `Retry ${count(upload.progress.refused, 'refused row')} of bulk upload #${upload.id}`,
        subject: `Nothing moved for ${upload.progress.refused === 1 ? 'it' : 'them'} (the balance was short, a limit or the money policy said no). They are sent again under the approval already given, from ${upload.source}.`,
      });
    },
    retryFailed: () => {
      if (!upload || !can.retryFailed) return;
      open({
        command: retryTransfersBulk,
        fixed: { matching: { batchId: upload.id, status: 'FAILED' } },
        action: `Retry the failed transfers of bulk upload #${upload.id}`,
        subject: `${count(failedAtBank, 'row')} failed at the bank and ${failedAtBank === 1 ? 'was' : 'were'} reversed: each is sent once more as a new transfer. Blocked rows are not retried.`,
      });
    },
    cancel: () => {
      if (!upload || !can.cancel) return;
      open({
        command: cancelBulkTransfers,
        fixed: { id: upload.id },
        action: `Cancel bulk upload #${upload.id}`,
        subject: `${upload.fileName}: ${count(upload.validRows, 'row')}, ${upload.source}. Nothing has been sent and nothing will be${upload.approvalRequestId !== null ? `; approval request #${upload.approvalRequestId} can no longer be approved` : ''}.`,
      });
    },
    openTransfers: () => {
      if (upload && can.transfers) navigate(bulkTransfersPath(upload.id));
    },
  };
}
