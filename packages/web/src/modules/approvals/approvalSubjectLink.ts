import { type ApprovalSubject, loanReference } from '@traction/core';

/** The page of the record a request is for, and its name: "Loan LN-000042", "Bulk upload #7". */
export function approvalSubjectLink(subject: ApprovalSubject): { path: string; label: string } {
  switch (subject.kind) {
    case 'loan':
      return { path: `/loans/${subject.id}`, label: `Loan ${loanReference(subject.id)}` };
    case 'bulk-upload':
      return { path: `/bulk-status/${subject.id}`, label: `Bulk upload #${subject.id}` };
    case 'sweep':
      return { path: `/bulk-sweep-history/${subject.id}`, label: `Sweep #${subject.id}` };
    case 'settlement-group':
      return { path: `/settlements/${subject.id}`, label: `Settlement group #${subject.id}` };
  }
}
