import { listAllWalletTransactions } from '@traction/core';
import { ListPage } from '../list/ListPage';

/** All Wallets Transactions Logs: the log across every wallet, read through the spec's GET call. */
export default function AllWalletTransactionsPage() {
  return (
    <ListPage
      command={listAllWalletTransactions}
      title="All Wallets Transactions Logs"
      description="The transactions of all wallets together, newest first. Filter by business, kind, status, direction, amount or date; open a row (Enter) for the whole transaction."
      rowNoun={{ one: 'transaction', other: 'transactions' }}
      selectable={false}
    />
  );
}
