import { listTransfers } from '@traction/core';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CellRendererContext } from '../list/CellRendererContext';
import { ListPage } from '../list/ListPage';
import { queueMemory } from '../review-queue/queueMemory';
import { RETRY_ACTIONS } from './transferBulkActions';
import type { TransferPageState } from './TransferPageState';
import { RETRY_PORTAL_FIXED, RETRY_PORTAL_PATH, transferPath } from './transferQueue';
import { renderTransferCell } from './renderTransferCell';
import { useTransferFilterOptions } from './useTransferFilterOptions';

/** What needs people here: failed and not yet retried, or pending past the re-query schedule. */
const STATUSES = ['FAILED', 'PENDING'] as const;

/**
 * Retry Portal: the transfers that need a person, bulk rows and sweeps included. A failed one
 * (its money already given back) is retried as a new transfer, once; a pending one may have been
 * paid, so it is re-queried, never sent twice. Select one with x or several (Shift+a: every one
 * matching the filters) and Retry, with a reason.
 */
export default function RetryPortalPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => queueMemory.remember(RETRY_PORTAL_PATH, search), [search]);
  const filterOptions = useTransferFilterOptions(STATUSES);
  const open = useCallback(
    (row: Record<string, unknown>) => {
      const state: TransferPageState = { queue: 'retry-portal' };
      navigate(transferPath(Number(row.id)), { state });
    },
    [navigate],
  );
  return (
    <CellRendererContext.Provider value={renderTransferCell}>
      <ListPage
        command={listTransfers}
        title="Retry Portal"
        description="Failed transfers not yet retried, and pending ones the bank has not answered for good. Retry sends a failed one again as a new transfer, once; a pending one may have been paid, so it is re-queried, never sent twice."
        rowNoun={{ one: 'transfer', other: 'transfers' }}
        fixed={RETRY_PORTAL_FIXED}
        filterOptions={filterOptions}
        bulkActions={RETRY_ACTIONS}
        onOpenRow={open}
      />
    </CellRendererContext.Provider>
  );
}
