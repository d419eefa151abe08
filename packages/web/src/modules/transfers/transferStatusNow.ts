import { formatNaira, type TransferDetail } from '@traction/core';
import { humanize } from '../ui/humanize';
import { lagosTime } from './lagosTime';

const count = (n: number, one: string, other: string) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : other}`;

/** The matched rules that did `action`, as `“Large transfers” (₦6,000,000.00 is above the ₦5,000,000.00 threshold)`. */
function rulesThat(transfer: TransferDetail, action: 'hold' | 'block'): string {
  return transfer.evaluations
    .filter((evaluation) => evaluation.matched && evaluation.action === action)
    .map((evaluation) => `“${evaluation.ruleName}” (${evaluation.reason})`)
    .join('; ');
}

const lastEvent = (transfer: TransferDetail, status: TransferDetail['status']) => transfer.events.filter((event) => event.status === status).at(-1);

/**
 * What a transfer's status means right now, in a sentence or two for the people watching it:
 * who or what it waits for, what has moved, and what happens next ("Pending at the bank: asked
 * again at 10:42; 3 re-queries so far; next at 10:52.").
 */
export function transferStatusNow(transfer: TransferDetail, now: Date): string {
  const provider = humanize(transfer.provider);
  const answer = transfer.responseCode ? `${transfer.responseCode}${transfer.responseMessage ? `: ${transfer.responseMessage}` : ''}` : null;
  switch (transfer.status) {
    case 'HELD': {
      const rules = rulesThat(transfer, 'hold');
      return `Held for review${rules ? ` by ${rules}` : ' by the fraud rules'}. Nothing has moved: releasing it debits ${transfer.source} and sends it; blocking it refuses it for good.`;
    }
    case 'BLOCKED': {
      const blocked = lastEvent(transfer, 'BLOCKED');
      const rules = rulesThat(transfer, 'block');
      const by = blocked?.adminName ? ` by ${blocked.adminName} at ${lagosTime(blocked.at, now)}` : rules ? ` by ${rules}` : '';
      return `Blocked${by}. Nothing moved and it will never be sent.`;
    }
    case 'QUEUED':
      return `Debited from ${transfer.source} and queued to send through ${provider}.`;
    case 'SENDING':
      return `Being sent through ${provider}: waiting for the bank's answer.`;
    case 'PENDING': {
      const heard = lastEvent(transfer, 'PENDING');
      const asked =
        transfer.requeryCount > 0 && heard
          ? `asked again at ${lagosTime(heard.at, now)}; ${count(transfer.requeryCount, 're-query', 're-queries')} so far`
          : `${provider} has not given a final answer yet`;
      const next = transfer.nextRequeryAt
        ? `next at ${lagosTime(transfer.nextRequeryAt, now)}`
        : 'the re-query schedule is spent, so it needs a person: it may have been paid, so it is never failed by the clock';
      return `Pending at the bank${answer ? ` (${answer})` : ''}: ${asked}; ${next}. The money stays debited until the bank answers for good; it is never sent twice.`;
    }
    case 'SUCCESSFUL': {
      const paid = lastEvent(transfer, 'SUCCESSFUL');
      return `Paid: ${transfer.bankName} confirmed it${paid ? ` at ${lagosTime(paid.at, now)}` : ''}${answer ? ` (${answer})` : ''}.`;
    }
    case 'FAILED': {
      const debited = transfer.amount + transfer.fee;
      const back = transfer.reversal
        ? ` The ${formatNaira(debited)} debited was given back at ${lagosTime(transfer.reversal.at, now)}.`
        : transfer.reversalWaiting
          ? ` The money is not back yet: ${transfer.reversalWaiting.replace(/[.\s]+$/, '')}. The reversal is tried again every hour.`
          : '';
      const retry =
        transfer.retriedBy !== null ? ` Retried as transfer #${transfer.retriedBy}.` : transfer.reversal ? ' It can be retried as a new transfer.' : '';
      return `Failed at the bank${answer ? ` (${answer})` : ''}.${back}${retry}`;
    }
    default:
      return transfer.status satisfies never;
  }
}
