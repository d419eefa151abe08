import { formatNaira, getReversal } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { Link, useParams } from 'react-router';
import { useCommandQuery } from '../list/useCommandQuery';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { Field } from '../ui/Field';
import { humanize } from '../ui/humanize';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { Section } from '../ui/Section';

const when = (iso: string) => dateTimeFormat.format(new Date(iso));

/** One funds reversal: who reversed what and why, and the compensating transfers it posted. */
export default function FundsReversalDetailPage() {
  const { id = '' } = useParams();
  const reversalId = Number(id);
  const valid = Number.isSafeInteger(reversalId) && reversalId > 0;
  const shown = useCommandQuery(getReversal, { id: reversalId }, { enabled: valid });
  if (valid && shown.isPending) return <PageSpinner />;
  const reversal = shown.data;
  if (!reversal) {
    return (
      <p role="alert" className="text-red-600 dark:text-red-400">
        {shown.error instanceof ClientError ? shown.error.userMessage : `There is no reversal ${id}.`}
      </p>
    );
  }
  return (
    <div data-page="funds-reversal-detail" data-reversal={reversal.reference} className="max-w-4xl space-y-4">
      <PageHeader
        title={`Reversal of ${reversal.originalReference}`}
        description={`${humanize(reversal.originalKind)} of ${formatNaira(reversal.amount)}${reversal.legsAmount ? ` (and ${formatNaira(reversal.legsAmount)} of fee or cashback)` : ''}, reversed ${when(reversal.createdAt)}${reversal.adminName ? ` by ${reversal.adminName}` : ''}.`}
        actions={
          <Link className={`${linkClass} text-sm`} to="/funds-reversal">
            All reversals
          </Link>
        }
      />
      <Section name="reversal" title="Who and why">
        <dl className="grid gap-3 p-3 sm:grid-cols-2">
          <Field label="Reason">{reversal.reason}</Field>
          <Field label="Reversed by">{reversal.adminName ? `${reversal.adminName} (${reversal.adminEmail})` : reversal.adminEmail}</Field>
          <Field label="Reversed at">{when(reversal.createdAt)}</Field>
          <Field label="Reversal reference">
            <span className="font-mono">{reversal.reference}</span>
          </Field>
          <Field label="Business">
            {reversal.businessId ? (
              <Link className={linkClass} to={`/merchants/${reversal.businessId}`}>
                {reversal.businessName} (#{reversal.businessId})
              </Link>
            ) : null}
          </Field>
          <Field label="Wallet balance now">{reversal.walletBalance === null ? null : formatNaira(reversal.walletBalance)}</Field>
          <Field label="Original transaction">
            <Link className={`${linkClass} font-mono`} to={`/wallet-transaction-logs/${encodeURIComponent(reversal.originalReference)}`}>
              {reversal.originalReference}
            </Link>{' '}
            · {humanize(reversal.originalKind)} · {when(reversal.originalCreatedAt)}
          </Field>
          <Field label="Request">{reversal.requestId}</Field>
        </dl>
      </Section>
      <Section name="transfers" title="Compensating transfers" count={reversal.transfers.length}>
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-zinc-500">
            <tr>
              <th className="px-3 py-1.5 font-medium">Reference</th>
              <th className="px-3 py-1.5 font-medium">Reverses</th>
              <th className="px-3 py-1.5 text-right font-medium">Amount</th>
              <th className="px-3 py-1.5 font-medium">From</th>
              <th className="px-3 py-1.5 font-medium">To</th>
            </tr>
          </thead>
          <tbody>
            {reversal.transfers.map((transfer) => (
              <tr key={transfer.id} data-transfer={transfer.reference} className="border-t border-zinc-200 dark:border-zinc-800">
                <td className="px-3 py-1.5 font-mono">{transfer.reference}</td>
                <td className="px-3 py-1.5">
                  <span className="font-mono">{transfer.reverses.reference}</span> ({humanize(transfer.reverses.kind)})
                </td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatNaira(transfer.amount)}</td>
                <td className="px-3 py-1.5 font-mono text-xs">{transfer.debitAccount}</td>
                <td className="px-3 py-1.5 font-mono text-xs">{transfer.creditAccount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </div>
  );
}
