import { formatNaira, type TransferDetail } from '@traction/core';
import { Link } from 'react-router';
import { routeOf } from '../../routes';
import { Field } from '../ui/Field';
import { formatDateTime } from '../ui/formatDateTime';
import { humanize } from '../ui/humanize';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';
import { CopyButton } from './CopyButton';
import { TRANSFER_ORIGIN_WORDS } from './transferOriginWords';
import { transferPath } from './transferQueue';

/** Where a transfer came from, with a link to its batch or the transfer it retries. */
function Origin({ transfer }: { transfer: TransferDetail }) {
  const words = TRANSFER_ORIGIN_WORDS[transfer.origin];
  if (transfer.origin === 'bulk' && transfer.batchId !== null) {
    return (
      <>
        Row of{' '}
        <Link className={linkClass} to={`/bulk-status/${transfer.batchId}`}>
          bulk upload #{transfer.batchId}
        </Link>
      </>
    );
  }
  if (transfer.origin === 'sweep' && transfer.batchId !== null) {
    // A sweep's own page when the console has one; else the sweep history it is listed in.
    const own = `/bulk-sweep-history/${transfer.batchId}`;
    return (
      <>
        Row of{' '}
        <Link className={linkClass} to={routeOf(own)?.page ? own : '/bulk-sweep-history'}>
          bulk sweep #{transfer.batchId}
        </Link>
      </>
    );
  }
  if (transfer.retryOf !== null) {
    return (
      <>
        Retry of{' '}
        <Link className={linkClass} to={transferPath(transfer.retryOf)} data-retry-of={transfer.retryOf}>
          transfer #{transfer.retryOf}
        </Link>
      </>
    );
  }
  return <>{words}</>;
}

/** The transfer itself: money, source, beneficiary, provider and session, the bank's answer, where it came from. */
export function TransferFactsSection({ transfer }: { transfer: TransferDetail }) {
  return (
    <Section name="transfer" title="Transfer">
      <dl className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-3">
        <Field label="Amount">
          <span className="tabular-nums">{formatNaira(transfer.amount)}</span>
        </Field>
        <Field label="Fee">
          <span className="tabular-nums">{formatNaira(transfer.fee)}</span>
        </Field>
        <Field label="Amount and fee">
          <span className="tabular-nums">{formatNaira(transfer.amount + transfer.fee)}</span>
        </Field>
        <Field label="From">
          {transfer.businessId !== null ? (
            <Link className={linkClass} to={`/merchants/${transfer.businessId}`}>
              {transfer.source} (#{transfer.businessId})
            </Link>
          ) : (
            transfer.source
          )}
          {transfer.walletUid ? <span className="block text-xs text-zinc-500 dark:text-zinc-400">its wallet</span> : null}
        </Field>
        <Field label="Beneficiary">
          <span data-beneficiary className="block">
            <strong className="font-medium">{transfer.accountName}</strong>
            <span className="block">{transfer.bankName}</span>
            <span className="block font-mono text-xs">{transfer.accountNumber}</span>
          </span>
        </Field>
        <Field label="Provider">
          {humanize(transfer.provider)}
          {transfer.failedOverFrom ? (
            <span data-failed-over-from={transfer.failedOverFrom} className="block text-xs text-amber-800 dark:text-amber-300">
              failed over from {humanize(transfer.failedOverFrom)}, which was down
            </span>
          ) : null}
        </Field>
        <Field label="NIP session ID">
          <span className="flex flex-wrap items-center gap-1">
            <span data-session-id className="font-mono text-xs break-all">
              {transfer.sessionId}
            </span>
            <CopyButton value={transfer.sessionId} label="Copy the NIP session ID" shortcut="c" />
          </span>
        </Field>
        <Field label="Bank's answer">
          {transfer.responseCode ? (
            <span data-response-code={transfer.responseCode}>
              <span className="font-mono">{transfer.responseCode}</span>
              {transfer.responseMessage ? ` · ${transfer.responseMessage}` : ''}
            </span>
          ) : (
            'No answer yet'
          )}
        </Field>
        <Field label="Narration">{transfer.narration}</Field>
        <Field label="Reference">
          <span className="font-mono text-xs">{transfer.reference}</span>
        </Field>
        <Field label="Origin">
          <Origin transfer={transfer} />
        </Field>
        {transfer.retriedBy !== null ? (
          <Field label="Retried by">
            <Link className={linkClass} to={transferPath(transfer.retriedBy)} data-retried-by={transfer.retriedBy}>
              transfer #{transfer.retriedBy}
            </Link>
          </Field>
        ) : null}
        <Field label="Created">
          {formatDateTime(transfer.createdAt)}
          {transfer.createdBy ? ` by ${transfer.createdBy}` : ''}
        </Field>
        <Field label="Last change">{formatDateTime(transfer.updatedAt)}</Field>
      </dl>
    </Section>
  );
}
