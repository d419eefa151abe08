import { listWallets } from '@traction/core';
import { ListPage } from '../list/ListPage';

const PND = { status: 'PND' } as const;

/** PND Accounts: wallets on post-no-debit; Enter opens one to change its status. */
export default function PndAccountsPage() {
  return (
    <ListPage
      command={listWallets}
      fixed={PND}
      title="PND Accounts"
      description="Wallets on post-no-debit: money may come in but not go out. Open one (Enter or double-click) to see what it allows and change its status."
      rowNoun={{ one: 'wallet', other: 'wallets' }}
      selectable={false}
    />
  );
}
