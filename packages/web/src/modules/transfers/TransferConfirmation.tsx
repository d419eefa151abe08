import { formatNaira, type MoneyPreview, transferOutcome } from '@traction/core';
import { humanize } from '../ui/humanize';

/**
 * What the confirmation of a transfer or payout says first, from the server's dry run: who is
 * paid (the name the bank gave), from where, through which provider, and whether the fraud rules
 * would hold or block it, so nobody confirms a transfer that will only wait.
 */
export function TransferConfirmation({ preview }: { input: Readonly<Record<string, unknown>>; preview: MoneyPreview | null }) {
  const answer = transferOutcome.safeParse(preview?.answer);
  if (!answer.success) return null;
  const { transfer } = answer.data;
  const rules = (action: 'hold' | 'block') =>
    transfer.evaluations
      .filter((evaluation) => evaluation.matched && evaluation.action === action)
      .map((evaluation) => `“${evaluation.ruleName}” (${evaluation.reason})`)
      .join('; ');
  return (
    <div data-transfer-confirmation={transfer.status} className="space-y-1 text-sm">
      <p>
        To <strong data-account-name>{transfer.accountName}</strong> · {transfer.bankName} <span className="font-mono">{transfer.accountNumber}</span>
      </p>
      <p className="text-zinc-600 dark:text-zinc-300">
        {formatNaira(transfer.amount)} from {transfer.source}, fee {formatNaira(transfer.fee)}, through {humanize(transfer.provider)}
      </p>
      {transfer.status === 'HELD' ? (
        <p role="note" className="rounded bg-amber-100 px-2 py-1 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
          The fraud rules will hold it for review: {rules('hold')}. Nothing moves until someone releases it.
        </p>
      ) : null}
      {transfer.status === 'BLOCKED' ? (
        <p role="note" className="rounded bg-red-100 px-2 py-1 text-red-900 dark:bg-red-900/40 dark:text-red-100">
          The fraud rules will block it: {rules('block')}. Nothing will move.
        </p>
      ) : null}
    </div>
  );
}
