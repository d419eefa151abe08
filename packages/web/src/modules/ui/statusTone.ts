import type { BadgeTone } from './Badge';

/** The tone a status value reads as: approved and active are good, pending waits, the rest are trouble. */
export function statusTone(status: string): BadgeTone {
  switch (status) {
    case 'APPROVED':
    case 'ACTIVE':
    case 'RESOLVED':
      return 'good';
    case 'PENDING':
    case 'PROCESSING':
    case 'OPEN':
    case 'IN_PROGRESS':
    case 'PND':
      return 'warn';
    case 'DISAPPROVED':
    case 'REJECTED':
    case 'FROZEN':
    case 'CLOSED':
    case 'DEACTIVATED':
      return 'bad';
    default:
      return 'neutral';
  }
}
