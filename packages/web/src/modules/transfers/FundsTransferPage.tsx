import { listTransfers } from '@traction/core';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { CellRendererContext } from '../list/CellRendererContext';
import { ListPage } from '../list/ListPage';
import type { ListView } from '../list/ListView';
import { useCommandQuery } from '../list/useCommandQuery';
import { useShortcut } from '../keyboard/useShortcut';
import { queueMemory } from '../review-queue/queueMemory';
import { ReviewQueueNotice } from '../review-queue/ReviewQueueNotice';
import { Button } from '../ui/Button';
import { REVIEW_ACTIONS, RETRY_ACTIONS } from './transferBulkActions';
import { FUNDS_TRANSFER_PATH } from './transferQueue';
import { renderTransferCell } from './renderTransferCell';
import { useTransferFilterOptions } from './useTransferFilterOptions';
import { useTransferForms } from './useTransferForms';

const BULK_ACTIONS = [...REVIEW_ACTIONS, RETRY_ACTIONS[0]!];

/**
 * Funds Transfer: every outgoing bank transfer with its status in words, filtered in the URL.
 * Held for review is a queue: open one with Enter, release or block it with a note, and the next
 * opens; several are released or blocked at once from the selection bar. `n` sends a new
 * transfer (the holder's name shows as the account number is typed), `p` pays a merchant out.
 */
export default function FundsTransferPage() {
  const { search } = useLocation();
  useEffect(() => queueMemory.remember(FUNDS_TRANSFER_PATH, search), [search]);
  const filterOptions = useTransferFilterOptions();
  const held = useCommandQuery(listTransfers, { status: 'HELD', limit: 1 });
  const heldCount = held.data?.total;
  const views = useMemo(
    (): ListView[] => [
      { label: 'All', search: '' },
      { label: 'Held for review', search: '?status=HELD', count: heldCount },
      { label: 'Pending at the bank', search: '?status=PENDING' },
      { label: 'Failed', search: '?status=FAILED' },
    ],
    [heldCount],
  );
  const forms = useTransferForms();
  useShortcut('n', 'New transfer', forms.newTransfer, { enabled: forms.mayCreate });
  useShortcut('p', "Pay a merchant's wallet out to their settlement account", forms.payout, { enabled: forms.mayPayout });

  return (
    <>
      <ReviewQueueNotice />
      <CellRendererContext.Provider value={renderTransferCell}>
        <ListPage
          command={listTransfers}
          title="Funds Transfer"
          description="Transfers out to Nigerian bank accounts. A pending one is asked about again until the bank answers for good; only a final failure gives the money back."
          rowNoun={{ one: 'transfer', other: 'transfers' }}
          filterOptions={filterOptions}
          views={views}
          bulkActions={BULK_ACTIONS}
          actions={
            <>
              {forms.mayPayout ? (
                <Button data-testid="payout" onClick={forms.payout} title="Shortcut: p" aria-keyshortcuts="p">
                  Pay out
                </Button>
              ) : null}
              {forms.mayCreate ? (
                <Button variant="primary" data-testid="new-transfer" onClick={forms.newTransfer} title="Shortcut: n" aria-keyshortcuts="n">
                  New transfer
                </Button>
              ) : null}
            </>
          }
        />
      </CellRendererContext.Provider>
    </>
  );
}
