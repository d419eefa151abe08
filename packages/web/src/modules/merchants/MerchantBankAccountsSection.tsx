import type { MerchantDetail } from '@traction/core';
import { Badge } from '../ui/Badge';
import { Section } from '../ui/Section';
import { DetailTable } from './DetailTable';

/** The bank accounts the business added, and which one it is settled to. */
export function MerchantBankAccountsSection({ accounts }: { accounts: MerchantDetail['bankAccounts'] }) {
  return (
    <Section name="bank-accounts" title="Bank accounts" count={accounts.length}>
      <DetailTable
        label="Bank accounts"
        rows={accounts}
        rowKey={(account) => account.id}
        empty="No bank account added."
        columns={[
          { label: 'Bank', cell: (account) => account.bankName },
          { label: 'Number', cell: (account) => <span className="font-mono tabular-nums">{account.accountNumber}</span> },
          { label: 'Name', cell: (account) => account.accountName },
          { label: 'Use', cell: (account) => (account.isSettlement ? <Badge tone="good">Settlement</Badge> : '—') },
        ]}
      />
    </Section>
  );
}
