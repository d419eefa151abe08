import { listFixedAccounts } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { BLACKLIST_ACTION, WHITELIST_ACTION } from './listActions';

const ACTIONS = [BLACKLIST_ACTION, WHITELIST_ACTION];

/** Fixed Accounts: every virtual account; blacklist or whitelist a selection, or everything matching the filters. */
export default function FixedAccountsPage() {
  return (
    <ListPage
      command={listFixedAccounts}
      title="Fixed Accounts"
      description="Virtual accounts the banks issued to businesses. Payments into a blacklisted account are refused. Select with x (Shift+x for a range, Shift+a for everything matching), then Blacklist or Whitelist."
      rowNoun={{ one: 'account', other: 'accounts' }}
      bulkActions={ACTIONS}
    />
  );
}
