import { addLoan, formatNaira, LOAN_STATUS_WORDS, listLoans } from '@traction/core';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useCommandQuery } from '../list/useCommandQuery';
import { LOANS_PATH, loanPath, newLoanPathFor } from '../loans/loanPaths';
import { LOAN_STATUS_TONES } from '../loans/loanStatusTone';
import { Badge } from '../ui/Badge';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';
import { DetailTable } from './DetailTable';

/** The business's loans, newest first, each linked to its page, with a New loan link; shown to admins who may view loans. */
export function MerchantLoansSection({ businessId }: { businessId: number }) {
  const permissions = useAtomValue(permissionSetAtom);
  const allowed = permissions.has(listLoans.permission ?? '');
  const loans = useCommandQuery(listLoans, { businessId }, { enabled: allowed });
  if (!allowed) return null;
  const rows = loans.data?.items ?? [];
  const total = loans.data?.total ?? rows.length;
  return (
    <Section
      name="loans"
      title="Loans"
      count={total}
      aside={
        <span className="flex gap-3 text-xs">
          {total > rows.length ? (
            <Link className={linkClass} to={`${LOANS_PATH}?businessId=${businessId}`}>
              All {total.toLocaleString('en-NG')}
            </Link>
          ) : null}
          {permissions.has(addLoan.permission ?? '') ? (
            <Link className={linkClass} to={newLoanPathFor(businessId)} data-action="new-loan">
              New loan
            </Link>
          ) : null}
        </span>
      }
    >
      <DetailTable
        label="Loans"
        rows={rows}
        rowKey={(loan) => loan.id}
        empty={loans.isPending ? 'Loading…' : loans.isError ? 'The loans could not be loaded.' : 'No loans.'}
        columns={[
          {
            label: 'Loan',
            cell: (loan) => (
              <Link className={linkClass} to={loanPath(loan.id)}>
                {loan.reference}
              </Link>
            ),
          },
          { label: 'Status', cell: (loan) => <Badge tone={LOAN_STATUS_TONES[loan.status]}>{LOAN_STATUS_WORDS[loan.status]}</Badge> },
          { label: 'Principal', cell: (loan) => <span className="tabular-nums">{formatNaira(loan.principal)}</span> },
          { label: 'Outstanding', cell: (loan) => <span className="tabular-nums">{formatNaira(loan.outstanding)}</span> },
          {
            label: 'Arrears',
            cell: (loan) => (
              <span className={`tabular-nums ${loan.arrears > 0 ? 'text-red-700 dark:text-red-400' : ''}`}>
                {formatNaira(loan.arrears)}
                {loan.daysPastDue > 0 ? ` · ${loan.daysPastDue}d` : ''}
              </span>
            ),
          },
        ]}
      />
    </Section>
  );
}
