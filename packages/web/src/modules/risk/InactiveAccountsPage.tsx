import { INACTIVE_PERIODS, listInactiveFixedAccounts } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { INACTIVE_ACTIONS } from './listActions';

/** The period select reads "Inactive for 30 days", not a bare "30". */
const OPTIONS = { inactive_period: INACTIVE_PERIODS.map((days) => ({ value: days, label: `Inactive for ${days} days` })) };

/** Inactive Accounts: active fixed accounts quiet for a period; deactivate, re-push or rename one at its bank. */
export default function InactiveAccountsPage() {
  return (
    <ListPage
      command={listInactiveFixedAccounts}
      title="Inactive Accounts"
      description="Active fixed accounts that saw no money for the chosen period (never-used accounts count from their opening). Select one with x to deactivate it (closes it at the bank), re-push it or rename it to its business's name. For a name of your own on a Providus account, use Providus Rename."
      rowNoun={{ one: 'account', other: 'accounts' }}
      filterOptions={OPTIONS}
      bulkActions={INACTIVE_ACTIONS}
    />
  );
}
