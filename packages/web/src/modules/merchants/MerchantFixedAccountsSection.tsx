import type { MerchantDetail } from '@traction/core';
import { Link } from 'react-router';
import { Badge } from '../ui/Badge';
import { formatDateTime } from '../ui/formatDateTime';
import { humanize } from '../ui/humanize';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';
import { statusTone } from '../ui/statusTone';
import { DetailTable } from './DetailTable';

/** The virtual accounts issued to the business, each opening the Fixed Accounts list at it. */
export function MerchantFixedAccountsSection({ accounts }: { accounts: MerchantDetail['fixedAccounts'] }) {
  return (
    <Section name="fixed-accounts" title="Fixed accounts" count={accounts.length}>
      <DetailTable
        label="Fixed accounts"
        rows={accounts}
        rowKey={(account) => account.id}
        empty="No virtual accounts issued."
        columns={[
          {
            label: 'Number',
            cell: (account) => (
              <Link to={`/fixed-accounts?search=${encodeURIComponent(account.accountNumber)}`} className={`${linkClass} font-mono tabular-nums`}>
                {account.accountNumber}
              </Link>
            ),
          },
          { label: 'Bank', cell: (account) => humanize(account.bank) },
          {
            label: 'State',
            cell: (account) =>
              account.blacklisted ? (
                <Badge tone="bad" {...(account.blacklistReason ? { title: account.blacklistReason } : {})}>
                  Blacklisted
                </Badge>
              ) : (
                <Badge tone={statusTone(account.status)}>{humanize(account.status)}</Badge>
              ),
          },
          { label: 'Last activity', cell: (account) => formatDateTime(account.lastActivityAt) },
        ]}
      />
    </Section>
  );
}
