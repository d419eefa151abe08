import { cancelSweep, formatNaira, processSweep, type Sweep } from '@traction/core';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { sweepTransfersPath } from './sweepPaths';

const count = (n: number, one: string, other = `${one}s`) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : other}`;

const SUBMITTABLE: ReadonlySet<Sweep['status']> = new Set(['DRAFT', 'DECLINED', 'EXPIRED']);
const CANCELLABLE: ReadonlySet<Sweep['status']> = new Set(['DRAFT', 'AWAITING_APPROVAL', 'DECLINED', 'EXPIRED']);

export interface SweepActions {
  can: { submit: boolean; cancel: boolean; transfers: boolean };
  submit: () => void;
  cancel: () => void;
  openTransfers: () => void;
}

/**
 * What can be done to a sweep, through its command's form (a reason asked, then confirmed):
 * submit a draft (or a declined or expired one) for a second admin's approval, withdraw one that
 * has not run, open the transfers it made. Only what its state allows and the admin may run.
 */
export function useSweepActions(sweep: Sweep | undefined): SweepActions {
  const { allowed, open } = useOpenCommand();
  const navigate = useNavigate();
  const can = {
    submit: !!sweep && SUBMITTABLE.has(sweep.status) && sweep.progress.rows > 0 && allowed(processSweep),
    cancel: !!sweep && CANCELLABLE.has(sweep.status) && allowed(cancelSweep),
    transfers: !!sweep && (sweep.status === 'RUNNING' || sweep.status === 'DONE'),
  };
  return {
    can,
    submit: () => {
      if (!sweep || !can.submit) return;
      open({
        command: processSweep,
        fixed: { id: sweep.id },
        action: `Submit sweep #${sweep.id} for approval`,
        subject: `${formatNaira(sweep.total)} from ${count(sweep.progress.rows, 'wallet')} to ${sweep.accountName} (${sweep.bankName} ${sweep.accountNumber}), fees ${formatNaira(sweep.fees)}. A second admin must approve; each wallet's balance is read again when it is swept, never taking more than the preview.`,
      });
    },
    cancel: () => {
      if (!sweep || !can.cancel) return;
      open({
        command: cancelSweep,
        fixed: { id: sweep.id },
        action: `Cancel sweep #${sweep.id}`,
        subject: `${formatNaira(sweep.total)} from ${count(sweep.progress.rows, 'wallet')} to ${sweep.accountName}: it never runs${sweep.approvalRequestId !== null ? `, and approval request #${sweep.approvalRequestId} can no longer be approved` : ''}.`,
      });
    },
    openTransfers: () => {
      if (sweep && can.transfers) navigate(sweepTransfersPath(sweep.id));
    },
  };
}
