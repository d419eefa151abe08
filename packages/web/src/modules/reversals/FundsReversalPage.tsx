import { listReversals } from '@traction/core';
import { Link } from 'react-router';
import { ListPage } from '../list/ListPage';
import { linkClass } from '../ui/linkClass';

/** Funds Reversal: the history of reversals, who reversed what and why; Enter opens one. */
export default function FundsReversalPage() {
  return (
    <ListPage
      command={listReversals}
      title="Funds Reversal"
      description="Every reversed wallet transaction: the original, the business, the amount (and the fee or cashback reversed with it), the reason and the admin who reversed it."
      rowNoun={{ one: 'reversal', other: 'reversals' }}
      actions={
        <Link className={`${linkClass} text-sm`} to="/transaction-reversal">
          Reverse transactions
        </Link>
      }
    />
  );
}
