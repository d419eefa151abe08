import { formatNaira, requeryTransfer, retryTransfer, reviewTransfer, type TransferDetail } from '@traction/core';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useRunCommand } from '../commands/useRunCommand';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import type { TransferNotice } from './TransferNotice';
import { transferPath } from './transferQueue';
import type { TransferPageState } from './TransferPageState';

/** "₦15,000.00 from Mama Put to ADA OBI (Guaranty Trust Bank 0123456789)". */
const describe = (transfer: TransferDetail) =>
  `${formatNaira(transfer.amount)} from ${transfer.source} to ${transfer.accountName} (${transfer.bankName} ${transfer.accountNumber})`;

const heldBy = (transfer: TransferDetail) =>
  transfer.evaluations
    .filter((evaluation) => evaluation.matched && evaluation.action === 'hold')
    .map((evaluation) => `${evaluation.ruleName}: ${evaluation.reason}`)
    .join('; ');

/**
 * What can be done to the transfer on screen, by its state and the admin's permissions: a held
 * one is released or blocked with a note (then the next held one opens), a pending one is
 * re-queried now, a failed one (reversed, not yet retried) is retried as a new transfer, whose
 * page then opens.
 */
export function useTransferActions(
  transfer: TransferDetail | undefined,
  advance: (notice: string) => Promise<void>,
  setNotice: (notice: TransferNotice) => void,
) {
  const { allowed, open } = useOpenCommand();
  const closeForm = useSetAtom(commandRequestAtom);
  const navigate = useNavigate();
  const requery = useRunCommand(requeryTransfer);
  const status = transfer?.status;
  const can = {
    review: allowed(reviewTransfer) && status === 'HELD',
    requery: allowed(requeryTransfer) && status === 'PENDING' && !requery.isPending,
    retry: allowed(retryTransfer) && status === 'FAILED' && transfer?.reversal !== null && transfer?.retriedBy === null,
  };

  const review = (decision: 'release' | 'block') => {
    if (!transfer || !can.review) return;
    const rules = heldBy(transfer);
    open({
      command: reviewTransfer,
      fixed: { id: transfer.id, decision },
      action: `${decision === 'release' ? 'Release' : 'Block'} transfer ${transfer.reference}`,
      subject:
        decision === 'release'
          ? `${describe(transfer)}. Releasing debits it now, through every check again, and sends it.${rules ? ` Held by ${rules}.` : ''}`
          : `${describe(transfer)}. Blocking refuses it for good: nothing moves.${rules ? ` Held by ${rules}.` : ''}`,
      onDone: (output) => {
        closeForm(null);
        void advance(output.message);
      },
    });
  };

  const retry = () => {
    if (!transfer || !can.retry) return;
    open({
      command: retryTransfer,
      fixed: { id: transfer.id },
      action: `Retry transfer ${transfer.reference}`,
      subject: `Send ${describe(transfer)} again as a new transfer, with a new reference and session. This one stays failed; a transfer is retried once.`,
      onDone: (output) => {
        closeForm(null);
        const state: TransferPageState = { transferNotice: output.message };
        navigate(transferPath(output.transfer.id), { state });
      },
    });
  };

  const requeryNow = () => {
    if (!transfer || !can.requery) return;
    requery.mutate(
      { id: transfer.id },
      {
        onSuccess: (output) => setNotice({ tone: 'done', text: output.message }),
        onError: (error) => setNotice({ tone: 'refused', text: error.userMessage }),
      },
    );
  };

  return { can, requerying: requery.isPending, release: () => review('release'), block: () => review('block'), retry, requeryNow };
}

export type TransferActions = ReturnType<typeof useTransferActions>;
