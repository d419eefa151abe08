import {
  CUMULATION_STATUS_WORDS,
  CUMULATION_STATUSES,
  getSettlementGroup,
  listSettlementCumulations,
  SETTLEMENT_GROUP_STATUS_WORDS,
  settleCumulations,
} from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { ListBulkAction } from '../list/ListBulkAction';
import { ListPage } from '../list/ListPage';
import { useCommandQuery } from '../list/useCommandQuery';
import { Badge } from '../ui/Badge';
import { formatCell } from '../ui/formatCell';
import { formatDateTime } from '../ui/formatDateTime';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';

const OPTIONS = { status: CUMULATION_STATUSES.map((status) => ({ value: status, label: CUMULATION_STATUS_WORDS[status] })) };
const DAY = { key: 'settlementDate', label: 'Day', kind: 'date' } as const;

type Row = Readonly<Record<string, unknown>>;
/** A settled, waiting or open cumulation cannot be settled: the button says so instead of failing. */
const notReady = (rows: readonly Row[]) => {
  const blocked = rows.filter((row) => row.status !== 'PENDING');
  return blocked.length
    ? `${blocked.length} of the selected ${blocked.length === 1 ? 'is' : 'are'} not ready to settle (settled, awaiting approval or still open)`
    : undefined;
};

/**
 * One settlement group: its totals, and its merchants' cumulations to select (x, Shift+x, all) and
 * settle to wallets (1) or mark as settled outside the system (2). Above the settlement policy's
 * amount the settlement waits for a second admin on Approvals.
 */
export default function SettlementGroupPage() {
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const group = useCommandQuery(getSettlementGroup, { id }, { enabled: valid });
  const fixed = useMemo(() => ({ id }), [id]);
  const actions = useMemo<ListBulkAction[]>(
    () => [
      { command: settleCumulations, label: 'Settle to wallets', fixed: { group: id, action: 'actual-settle' }, tone: 'primary', unavailable: notReady },
      { command: settleCumulations, label: 'Mark settled outside', fixed: { group: id, action: 'manual-settle' }, unavailable: notReady },
    ],
    [id],
  );
  if (valid && group.isPending) return <PageSpinner />;
  const shown = group.data;
  if (!shown)
    return (
      <RecordNotLoaded
        valid={valid}
        error={group.error}
        missing={`There is no settlement group #${raw}.`}
        failed="This group could not be loaded"
        retry={() => void group.refetch()}
      />
    );
  const title = `${formatCell(DAY, shown.settlementDate)} · ${shown.kind}`;
  return (
    <ListPage
      key={id}
      command={listSettlementCumulations}
      title={title}
      description={`Group #${shown.id}: ${shown.merchants.toLocaleString('en-NG')} merchants, ${shown.payments.toLocaleString('en-NG')} payments, ${formatNaira(shown.amount)} gross, ${formatNaira(shown.charges)} charges, ${formatNaira(shown.net)} net. ${shown.status === 'OPEN' ? `Open until ${formatDateTime(shown.closesAt)}: payments are still arriving.` : 'Select cumulations (x) and settle them (1: to wallets, 2: outside the system).'}`}
      rowNoun={{ one: 'cumulation', other: 'cumulations' }}
      filterOptions={OPTIONS}
      fixed={fixed}
      bulkActions={actions}
      summary={
        <p className="flex flex-wrap items-center gap-2 text-sm" data-group-status={shown.status}>
          <Badge tone={shown.status === 'SETTLED' ? 'good' : shown.status === 'OPEN' ? 'neutral' : 'warn'}>{SETTLEMENT_GROUP_STATUS_WORDS[shown.status]}</Badge>
          <span>
            {shown.pending} ready · {shown.awaitingApproval} awaiting approval · {shown.settled} settled to wallets · {shown.settledManually} settled manually
          </span>
        </p>
      }
    />
  );
}
