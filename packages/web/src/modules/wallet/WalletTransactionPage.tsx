import { walletTransactionByReference, type WalletTransactionDetail } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { formatNaira } from '@traction/core/format';
import { Link, useParams } from 'react-router';
import { useCommandQuery } from '../list/useCommandQuery';
import { DetailTable } from '../merchants/DetailTable';
import { Badge } from '../ui/Badge';
import { Field } from '../ui/Field';
import { formatDateTime } from '../ui/formatDateTime';
import { humanize } from '../ui/humanize';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { Section } from '../ui/Section';

const transactionPath = (reference: string) => `/wallet-transaction-logs/${encodeURIComponent(reference)}`;

/** Who caused it, as a sentence: "Ada Obi (ada@traction.ng) through wallet-credit.authorise". */
function causeText(cause: WalletTransactionDetail['causedBy']): string {
  const who = cause.adminName ? `${cause.adminName}${cause.adminEmail ? ` (${cause.adminEmail})` : ''}` : 'No admin (posted by the system)';
  return cause.commandId ? `${who} through ${cause.commandId}` : who;
}

/** One wallet transaction: its postings with both accounts named, who caused it, its reversal, the wallets' balances before and after. */
export default function WalletTransactionPage() {
  const { id: reference = '' } = useParams();
  const shown = useCommandQuery(walletTransactionByReference, { reference }, { enabled: reference !== '' });
  if (shown.isPending) return <PageSpinner />;
  const detail = shown.data;
  if (!detail) {
    const missing = shown.error instanceof ClientError && shown.error.status === 404;
    return (
      <p role="alert" className="text-red-600">
        {missing ? `No transaction has the reference ${reference}.` : `This transaction could not be loaded: ${shown.error?.message ?? 'unknown error'}`}
      </p>
    );
  }
  return (
    <div className="max-w-4xl space-y-4" data-page="wallet-transaction" data-reference={detail.reference} data-status={detail.status}>
      <PageHeader
        title={`${humanize(detail.kind)} ${formatNaira(detail.amount)}`}
        description={`${detail.reference} · ${formatDateTime(detail.createdAt)}`}
        actions={<Badge tone={detail.status === 'REVERSED' ? 'warn' : 'good'}>{humanize(detail.status)}</Badge>}
      />
      {detail.reference !== reference ? (
        <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">
          {reference} is a leg of this transaction.
        </p>
      ) : null}
      <Section name="summary" title="Transaction">
        <dl className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-3">
          <Field label="Kind">{humanize(detail.kind)}</Field>
          <Field label="Amount">{formatNaira(detail.amount)}</Field>
          <Field label="Fee">{formatNaira(detail.fee)}</Field>
          <Field label="Narration">{detail.narration}</Field>
          <Field label="Counterparty">{detail.counterparty}</Field>
          <Field label="Caused by">{causeText(detail.causedBy)}</Field>
        </dl>
      </Section>
      {detail.reversal ? (
        <Section name="reversal" title="Reversed">
          <p className="p-3 text-sm" data-reversal={detail.reversal.reference}>
            Reversed by{' '}
            <Link className={`${linkClass} font-mono`} to={`/funds-reversal/${detail.reversal.transferId}`}>
              {detail.reversal.reference}
            </Link>{' '}
            on {formatDateTime(detail.reversal.createdAt)}
            {detail.reversal.adminName ? ` by ${detail.reversal.adminName}` : ''}
            {detail.reversal.narration ? `: ${detail.reversal.narration}` : '.'}
          </p>
        </Section>
      ) : null}
      {detail.reverses ? (
        <Section name="reverses" title="Reverses">
          <p className="p-3 text-sm">
            This reversal takes back{' '}
            <Link className={`${linkClass} font-mono`} to={transactionPath(detail.reverses.reference)}>
              {detail.reverses.reference}
            </Link>{' '}
            of {formatDateTime(detail.reverses.createdAt)} (
            <Link className={linkClass} to={`/funds-reversal/${detail.transferId}`}>
              the reversal's record
            </Link>
            ).
          </p>
        </Section>
      ) : null}
      <Section name="postings" title="Postings" count={detail.postings.length}>
        <DetailTable
          label="Postings"
          rows={detail.postings}
          rowKey={(posting) => posting.transferId}
          empty="No postings."
          columns={[
            { label: 'Reference', cell: (posting) => <span className="font-mono text-xs">{posting.reference}</span> },
            { label: 'Kind', cell: (posting) => humanize(posting.kind) },
            { label: 'From (debit)', cell: (posting) => <span title={posting.debitAccountCode}>{posting.debitAccount}</span> },
            { label: 'To (credit)', cell: (posting) => <span title={posting.creditAccountCode}>{posting.creditAccount}</span> },
            { label: 'Amount', cell: (posting) => <span className="tabular-nums whitespace-nowrap">{formatNaira(posting.amount)}</span> },
          ]}
        />
      </Section>
      <Section name="balances" title="Wallet balances" count={detail.wallets.length}>
        <DetailTable
          label="Wallet balances"
          rows={detail.wallets}
          rowKey={(wallet) => wallet.walletUid}
          empty="This transaction moved no wallet (company accounts only)."
          columns={[
            {
              label: 'Wallet',
              cell: (wallet) => (
                <Link className={linkClass} to={`/wallet-management-portal/${wallet.walletUid}`}>
                  {wallet.businessName}
                </Link>
              ),
            },
            { label: 'Before', cell: (wallet) => <span className="tabular-nums whitespace-nowrap">{formatNaira(wallet.balanceBefore)}</span> },
            { label: 'After', cell: (wallet) => <span className="tabular-nums whitespace-nowrap">{formatNaira(wallet.balanceAfter)}</span> },
            {
              label: 'Log',
              cell: (wallet) => (
                <Link className={linkClass} to={`/wallet-transaction-logs?businessId=${wallet.businessId}`}>
                  All transactions
                </Link>
              ),
            },
          ]}
        />
      </Section>
    </div>
  );
}
