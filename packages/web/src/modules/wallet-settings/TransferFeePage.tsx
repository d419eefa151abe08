import { getTransferFee, updateTransferFee } from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { Link } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';

/** Transfer Fee: the fee on each transfer out of a wallet, and its change. */
export default function TransferFeePage() {
  const shown = useCommandQuery(getTransferFee, {});
  const { allowed, open } = useOpenCommand();
  if (shown.isPending) return <PageSpinner />;
  const fee = shown.data;
  if (!fee) {
    return (
      <p role="alert" className="text-red-600">
        The transfer fee could not be loaded{shown.error ? `: ${shown.error.message}` : '.'}
      </p>
    );
  }
  return (
    <div className="max-w-2xl space-y-4">
      <PageHeader
        title="Transfer Fee"
        description="Charged on each transfer out of a wallet, as its own fee line in the wallet's log. Transfers started after a change pay the new fee."
        actions={
          allowed(updateTransferFee) ? (
            <Button
              variant="primary"
              data-change-fee
              onClick={() => open({ command: updateTransferFee, initial: { value: fee.fee }, subject: `The fee is ${formatNaira(fee.fee)} now.` })}
            >
              Change fee
            </Button>
          ) : undefined
        }
      />
      <section className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        <p className="text-2xl font-semibold tabular-nums" data-fee={fee.fee}>
          {formatNaira(fee.fee)}
        </p>
        <p className="text-sm text-zinc-500">
          {fee.updatedAt
            ? `Changed ${dateTimeFormat.format(new Date(fee.updatedAt))}${fee.updatedBy ? ` by ${fee.updatedBy}` : ''}`
            : 'The default fee, never changed'}
        </p>
      </section>
      <p className="text-sm">
        <Link className="text-accent-700 underline dark:text-accent-400" to="/wallet">
          Back to the wallet settings
        </Link>
      </p>
    </div>
  );
}
