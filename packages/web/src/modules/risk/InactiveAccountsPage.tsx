import { listInactiveFixedAccounts } from '@traction/core';
import { ListPage } from '../list/ListPage';

/** Inactive Accounts: active fixed accounts quiet for a period; deactivate, re-push or rename one at its bank. */
export default function InactiveAccountsPage() {
  return (
    <ListPage
      command={listInactiveFixedAccounts}
      title="Inactive Accounts"
      description="Active fixed accounts that saw no money for the chosen period (never-used accounts count from their opening). Select one with x to deactivate, re-push or rename it at its bank."
      rowNoun={{ one: 'account', other: 'accounts' }}
    />
  );
}
