import { listWallets } from '@traction/core';
import { ListPage } from '../list/ListPage';

/** Wallet Management Portal: every wallet with its balance and status; a row opens the wallet. */
export default function WalletManagementPortalPage() {
  return (
    <ListPage
      command={listWallets}
      title="Wallet Management Portal"
      description="Every business wallet with its balance and status. Open one (Enter or double-click) for its recent transactions, what its status allows, and to change it."
      rowNoun={{ one: 'wallet', other: 'wallets' }}
      detailRoute="/wallet-management-portal/{uid}"
      selectable={false}
    />
  );
}
