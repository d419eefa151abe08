import { listCsrAccounts } from '@traction/core';
import { ListPage } from '../list/ListPage';

/** CSR MGT · Account List: the merchants each customer-service representative manages, with each CSR's total. */
export default function CsrAccountsPage() {
  return (
    <ListPage
      command={listCsrAccounts}
      title="Account List"
      description="The merchants each customer-service representative manages, by CSR, with how many each manages in all. Enter opens the merchant."
      rowNoun={{ one: 'merchant', other: 'merchants' }}
      selectable={false}
    />
  );
}
