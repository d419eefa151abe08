import { listFixedAccounts } from '@traction/core';
import { ListPage } from '../list/ListPage';

const BLACKLISTED = { blacklist: true } as const;

/** Blacklisted Accounts: the fixed accounts list, blacklisted ones only; whitelist a selection. */
export default function BlacklistedAccountsPage() {
  return (
    <ListPage
      command={listFixedAccounts}
      fixed={BLACKLISTED}
      title="Blacklisted Accounts"
      description="Fixed accounts whose incoming payments are refused. Select accounts with x (Shift+a for all) and leave Blacklist unticked to whitelist them."
      rowNoun={{ one: 'account', other: 'accounts' }}
    />
  );
}
