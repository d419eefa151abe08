import { createFundsTransfer, createPayout, type CommandOutput } from '@traction/core';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import type { TransferPageState } from './TransferPageState';
import { NEW_TRANSFER_PARTS, PAYOUT_PARTS } from './transferFormParts';
import { transferPath } from './transferQueue';

/**
 * New transfer and Pay out: each opens its command's form with the transfer parts; once sent,
 * the form closes and the new transfer's page opens, saying what the server did, to watch it
 * become final.
 */
export function useTransferForms() {
  const { allowed, open } = useOpenCommand();
  const closeForm = useSetAtom(commandRequestAtom);
  const navigate = useNavigate();
  const opened = (output: CommandOutput<typeof createFundsTransfer>) => {
    closeForm(null);
    const state: TransferPageState = { transferNotice: output.message };
    navigate(transferPath(output.transfer.id), { state });
  };
  return {
    mayCreate: allowed(createFundsTransfer),
    mayPayout: allowed(createPayout),
    newTransfer: () => open({ command: createFundsTransfer, parts: NEW_TRANSFER_PARTS, onDone: opened }),
    payout: () => open({ command: createPayout, parts: PAYOUT_PARTS, onDone: opened }),
  };
}
