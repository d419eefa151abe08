import { listWalletTransactions } from '@traction/core';
import { ListPage } from '../list/ListPage';

/** Wallet Transaction Logs: every movement of every wallet, filtered and shared by URL; a row opens the transaction. */
export default function WalletTransactionLogsPage() {
  return (
    <ListPage
      command={listWalletTransactions}
      title="Wallet Transaction Logs"
      description="Every movement of a wallet, newest first: amount, fee, balance before and after, and whether it was reversed. Search by reference; open a row (Enter) for its postings and who caused it."
      rowNoun={{ one: 'transaction', other: 'transactions' }}
      selectable={false}
    />
  );
}
