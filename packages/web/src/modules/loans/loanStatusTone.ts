import type { LoanStatus } from '@traction/core';
import type { BadgeTone } from '../ui/Badge';

/** How a loan's status reads: waiting, being repaid well, finished, or trouble. */
export const LOAN_STATUS_TONES: Record<LoanStatus, BadgeTone> = {
  REQUESTED: 'warn',
  APPROVED: 'warn',
  DECLINED: 'neutral',
  CANCELLED: 'neutral',
  DISBURSED: 'good',
  REPAYING: 'good',
  REPAID: 'good',
  DEFAULTED: 'bad',
  WRITTEN_OFF: 'bad',
};
