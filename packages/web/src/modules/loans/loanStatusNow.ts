import { formatNaira, type LoanRow } from '@traction/core';
import { describeLagosDay } from '@traction/core/format';
import { formatDateTime } from '../ui/formatDateTime';

// While an instalment is late the earliest unpaid one is in the past: the arrears say so instead.
const due = (loan: LoanRow) => (loan.nextDueDate && loan.daysPastDue === 0 ? ` Next instalment due ${describeLagosDay(loan.nextDueDate)}.` : '');
const behind = (loan: LoanRow) =>
  loan.arrears > 0 ? ` ${formatNaira(loan.arrears)} in arrears, ${loan.daysPastDue} day${loan.daysPastDue === 1 ? '' : 's'} past due.` : '';

/** Where a loan stands, in a sentence: what it waits for, or how its repayment is going. */
export function loanStatusNow(loan: LoanRow): string {
  switch (loan.status) {
    case 'REQUESTED':
      return `Waiting for a second admin's approval under the loans approval policy${loan.requestedBy ? `; requested by ${loan.requestedBy}` : ''}. Nothing moves until it is approved and disbursed.`;
    case 'APPROVED':
      return `Approved${loan.approvedBy ? ` by ${loan.approvedBy}` : ''}: ready to be disbursed to ${loan.businessName}'s wallet.`;
    case 'DECLINED':
      return 'Declined in the approvals queue: nothing was lent.';
    case 'CANCELLED':
      return 'Cancelled before it was disbursed: nothing was lent.';
    case 'DISBURSED':
      return `Disbursed ${formatDateTime(loan.disbursedAt)}; nothing repaid yet.${due(loan)}${behind(loan)}`;
    case 'REPAYING':
      return `Being repaid: ${formatNaira(loan.repaid)} of ${formatNaira(loan.totalRepayable)}.${due(loan)}${behind(loan)}`;
    case 'REPAID':
      return `Repaid in full${loan.closedAt ? ` on ${formatDateTime(loan.closedAt)}` : ''}.`;
    case 'DEFAULTED':
      return `Defaulted with ${formatNaira(loan.outstanding)} still owed.${behind(loan)} Deductions still collect it; it can be written off.`;
    case 'WRITTEN_OFF':
      return `Written off${loan.closedAt ? ` on ${formatDateTime(loan.closedAt)}` : ''}, after ${formatNaira(loan.repaid)} was repaid.`;
  }
}
