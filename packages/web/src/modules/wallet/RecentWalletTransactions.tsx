import { listWalletTransactions, type WalletTransaction } from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { Link } from 'react-router';
import { useCommandQuery } from '../list/useCommandQuery';
import { DetailTable } from '../merchants/DetailTable';
import { Badge } from '../ui/Badge';
import { formatDateTime } from '../ui/formatDateTime';
import { humanize } from '../ui/humanize';
import { linkClass } from '../ui/linkClass';

/** The log of one business's wallet, filtered: what "All transactions" opens. */
export const walletLogPath = (businessId: number) => `/wallet-transaction-logs?businessId=${businessId}`;

/** Money in reads +₦…, money out −₦…. */
const signed = (row: WalletTransaction) => `${row.direction === 'credit' ? '+' : '−'}${formatNaira(row.amount)}`;

/** The newest movements of one business's wallet (10 by default), each opening its transaction. */
export function RecentWalletTransactions({ businessId, limit = 10 }: { businessId: number; limit?: number }) {
  const shown = useCommandQuery(listWalletTransactions, { businessId, limit });
  if (shown.isPending) return <p className="px-3 py-4 text-zinc-500 dark:text-zinc-400">Loading transactions…</p>;
  if (!shown.data) {
    return (
      <p role="alert" className="px-3 py-4 text-red-600">
        The transactions could not be loaded: {shown.error?.message}
      </p>
    );
  }
  return (
    <DetailTable
      label="Recent wallet transactions"
      rows={shown.data.items}
      rowKey={(row) => row.id}
      empty="No money has moved in or out of this wallet yet."
      columns={[
        { label: 'Time', cell: (row) => formatDateTime(row.createdAt) },
        {
          label: 'Reference',
          cell: (row) => (
            <Link to={`/wallet-transaction-logs/${encodeURIComponent(row.reference)}`} className={`${linkClass} font-mono text-xs`}>
              {row.reference}
            </Link>
          ),
        },
        { label: 'Kind', cell: (row) => humanize(row.kind) },
        { label: 'Amount', cell: (row) => <span className="tabular-nums whitespace-nowrap">{signed(row)}</span> },
        { label: 'Fee', cell: (row) => <span className="tabular-nums">{formatNaira(row.fee)}</span> },
        { label: 'Balance after', cell: (row) => <span className="tabular-nums whitespace-nowrap">{formatNaira(row.balanceAfter)}</span> },
        { label: 'Status', cell: (row) => <Badge tone={row.status === 'REVERSED' ? 'warn' : 'good'}>{humanize(row.status)}</Badge> },
      ]}
    />
  );
}
