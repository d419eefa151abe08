import { addLoan, listLoans, loanTracker } from '@traction/core';
import { Link, useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { actionLinkClass } from '../ui/linkClass';
import { ShortcutKey } from '../ui/ShortcutKey';
import { LOAN_FILTER_OPTIONS } from './loanFilterOptions';
import { LOAN_TRACKER_PATH, NEW_LOAN_PATH } from './loanPaths';

/**
 * Loans: every loan to a merchant, newest first, with what it has repaid, still owes and is
 * behind by; by reference or merchant, status, purpose, how often it is repaid, arrears and when
 * requested. A row opens the loan. New loan (n), the repayment tracker (t).
 */
export default function LoansPage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const mayLend = allowed(addLoan);
  const newLoan = () => navigate(NEW_LOAN_PATH);
  useShortcut('n', 'New loan', newLoan, { enabled: mayLend });
  useShortcut('t', 'Loan tracker: repayments against the schedules', () => navigate(LOAN_TRACKER_PATH), { enabled: allowed(loanTracker) });
  return (
    <ListPage
      command={listLoans}
      title="Loans"
      description="Loans to merchants, newest first: what each has repaid, what it still owes, its arrears and days past due. Search by reference (LN-000042) or merchant."
      rowNoun={{ one: 'loan', other: 'loans' }}
      filterOptions={LOAN_FILTER_OPTIONS}
      selectable={false}
      actions={
        <>
          {allowed(loanTracker) ? (
            <Link to={LOAN_TRACKER_PATH} className={actionLinkClass} aria-keyshortcuts="t" data-action="tracker">
              Loan tracker <ShortcutKey>t</ShortcutKey>
            </Link>
          ) : null}
          {mayLend ? (
            <Button variant="primary" onClick={newLoan} aria-keyshortcuts="n" data-action="new-loan">
              New loan <ShortcutKey>n</ShortcutKey>
            </Button>
          ) : null}
        </>
      }
    />
  );
}
