import { listBankAccounts } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { BANK_FILTER_OPTIONS } from './banks';

/** Every bank account merchants have added. */
export default function BankAccountsPage() {
  return (
    <ListPage
      command={listBankAccounts}
      title="Bank Accounts"
      description="Merchants' own bank accounts. Search by the start of the business name or the account number."
      rowNoun={{ one: 'account', other: 'accounts' }}
      filterOptions={BANK_FILTER_OPTIONS}
    />
  );
}
