import { listFixedAccounts } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { WHITELIST_ACTION } from './listActions';

const BLACKLISTED = { blacklist: true } as const;
const ACTIONS = [WHITELIST_ACTION];

/** Blacklisted Accounts: the fixed accounts list, blacklisted ones only; whitelist a selection. */
export default function BlacklistedAccountsPage() {
  return (
    <ListPage
      command={listFixedAccounts}
      fixed={BLACKLISTED}
      title="Blacklisted Accounts"
      description="Fixed accounts whose incoming payments are refused. Select accounts with x (Shift+a for all), then Whitelist to accept payments into them again."
      rowNoun={{ one: 'account', other: 'accounts' }}
      bulkActions={ACTIONS}
    />
  );
}
