import { listSettlementAccounts } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { BANK_FILTER_OPTIONS } from './banks';

/** The account each merchant is paid into. */
export default function SettlementAccountsPage() {
  return (
    <ListPage
      command={listSettlementAccounts}
      title="Settlement Accounts"
      description="Where each merchant's takings are paid. Search by the start of the business name or the account number."
      rowNoun={{ one: 'account', other: 'accounts' }}
      filterOptions={BANK_FILTER_OPTIONS}
    />
  );
}
