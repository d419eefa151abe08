import { useNavigate } from 'react-router';
import { useShortcut } from '../keyboard/useShortcut';
import { ALL_BULK_UPLOADS_PATH, approvalPath } from './bulkPaths';
import type { BulkUploadActions } from './useBulkUploadActions';

/**
 * An upload's page keys, each in `?` only while it works: `r` retries refused rows, `f` retries
 * failed ones, `c` cancels before approval, `t` opens its transfers, `o` its approval request,
 * `u` the list of uploads. Renders nothing.
 */
export function BulkUploadShortcutsEffect({ actions, approvalRequestId }: { actions: BulkUploadActions; approvalRequestId: number | null }) {
  const navigate = useNavigate();
  const { can } = actions;
  useShortcut('r', 'Retry the rows refused when the run reached them', actions.retryRefused, { enabled: can.retryRefused });
  useShortcut('f', 'Retry the rows that failed at the bank, as new transfers', actions.retryFailed, { enabled: can.retryFailed });
  useShortcut('c', 'Cancel this upload (before approval)', actions.cancel, { enabled: can.cancel });
  useShortcut('t', "This upload's transfers (Funds Transfer)", actions.openTransfers, { enabled: can.transfers });
  useShortcut('o', 'Open the approval request', () => approvalRequestId !== null && navigate(approvalPath(approvalRequestId)), {
    enabled: approvalRequestId !== null,
  });
  useShortcut('u', 'Back to all bulk uploads', () => navigate(ALL_BULK_UPLOADS_PATH));
  return null;
}
