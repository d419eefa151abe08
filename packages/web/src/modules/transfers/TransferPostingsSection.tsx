import { formatNaira, type TransferDetail } from '@traction/core';
import { Link } from 'react-router';
import { DetailTable } from '../merchants/DetailTable';
import { formatDateTime } from '../ui/formatDateTime';
import { humanize } from '../ui/humanize';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';

const logPath = (reference: string) => `/wallet-transaction-logs/${encodeURIComponent(reference)}`;

/** The ledger transfers the bank transfer posted (its debit, the fee, their reversal), each from → to, and the reversal. */
export function TransferPostingsSection({ transfer }: { transfer: TransferDetail }) {
  // A wallet's postings have a page in the wallet log; a company account's are only listed here.
  const linked = transfer.walletUid !== null;
  const nothingMoved = transfer.status === 'HELD' || transfer.status === 'BLOCKED';
  return (
    <Section name="postings" title="Ledger postings" count={transfer.postings.length}>
      <DetailTable
        label="Ledger postings"
        rows={transfer.postings}
        rowKey={(posting) => posting.id}
        empty={nothingMoved ? 'Nothing has moved: a held or blocked transfer posts nothing.' : 'No postings.'}
        columns={[
          {
            label: 'Reference',
            cell: (posting) =>
              linked ? (
                <Link className={`${linkClass} font-mono text-xs`} to={logPath(posting.reference)}>
                  {posting.reference}
                </Link>
              ) : (
                <span className="font-mono text-xs">{posting.reference}</span>
              ),
          },
          { label: 'Kind', cell: (posting) => humanize(posting.kind) },
          { label: 'From → to', cell: (posting) => `${posting.debitAccount} → ${posting.creditAccount}` },
          { label: 'Amount', cell: (posting) => <span className="tabular-nums whitespace-nowrap">{formatNaira(posting.amount)}</span> },
          { label: 'Posted', cell: (posting) => <span className="whitespace-nowrap">{formatDateTime(posting.createdAt)}</span> },
        ]}
      />
      {transfer.reversal ? (
        <p data-reversal={transfer.reversal.reference} className="border-t border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
          Reversed by{' '}
          {linked ? (
            <Link className={`${linkClass} font-mono`} to={logPath(transfer.reversal.reference)}>
              {transfer.reversal.reference}
            </Link>
          ) : (
            <span className="font-mono">{transfer.reversal.reference}</span>
          )}{' '}
          on {formatDateTime(transfer.reversal.at)}: the {formatNaira(transfer.amount + transfer.fee)} debited went back to {transfer.source}.
        </p>
      ) : transfer.reversalWaiting ? (
        <p data-reversal="waiting" className="border-t border-zinc-200 px-3 py-2 text-sm text-amber-800 dark:border-zinc-800 dark:text-amber-300">
          The reversal waits: {transfer.reversalWaiting}
        </p>
      ) : null}
    </Section>
  );
}
