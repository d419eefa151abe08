import { COLLECTING_LOAN_STATUSES, LOAN_STATUS_WORDS, listLoans, loanTracker } from '@traction/core';
import { Link, useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { actionLinkClass } from '../ui/linkClass';
import { ShortcutKey } from '../ui/ShortcutKey';
import { LOANS_PATH } from './loanPaths';

// Only loans being repaid are tracked: the other statuses would always match nothing.
const OPTIONS = { status: COLLECTING_LOAN_STATUSES.map((status) => ({ value: status, label: LOAN_STATUS_WORDS[status] })) };

/**
 * Loan tracker: every loan being repaid, most days past due first — what its schedule expected by
 * a day (today unless another is typed) against what was repaid, its arrears and days past due.
 * `u` goes back to all loans.
 */
export default function LoanTrackerPage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  useShortcut('u', 'All loans', () => navigate(LOANS_PATH), { enabled: allowed(listLoans) });
  return (
    <ListPage
      command={loanTracker}
      title="Loan Tracker"
      description="Loans being repaid, most days past due first: what the schedule expected by the day asked about (today by default) against what was repaid."
      rowNoun={{ one: 'loan', other: 'loans' }}
      filterOptions={OPTIONS}
      selectable={false}
      actions={
        allowed(listLoans) ? (
          <Link to={LOANS_PATH} className={actionLinkClass} aria-keyshortcuts="u">
            All loans <ShortcutKey>u</ShortcutKey>
          </Link>
        ) : null
      }
    />
  );
}
