import { getMerchant } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCommandQuery } from '../list/useCommandQuery';
import { formatDateTime } from '../ui/formatDateTime';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { MerchantActionButtons } from './MerchantActionButtons';
import { MerchantBankAccountsSection } from './MerchantBankAccountsSection';
import { MerchantBusinessSection } from './MerchantBusinessSection';
import { MerchantFixedAccountsSection } from './MerchantFixedAccountsSection';
import { MerchantFlags } from './MerchantFlags';
import { MerchantHistorySection } from './MerchantHistorySection';
import { MerchantKycSection } from './MerchantKycSection';
import { MerchantLoansSection } from './MerchantLoansSection';
import { MerchantNotLoaded } from './MerchantNotLoaded';
import { MerchantShortcutsEffect } from './MerchantShortcutsEffect';
import { MerchantStoresSection } from './MerchantStoresSection';
import { MerchantTerminalsSection } from './MerchantTerminalsSection';
import { MerchantUsersSection } from './MerchantUsersSection';
import { MerchantWalletSection } from './MerchantWalletSection';
import { useMerchantActions } from './useMerchantActions';

/** One merchant: flags and what they allow, people, accounts, wallet, stores, KYC and history. */
export default function MerchantPage() {
  const { id = '' } = useParams();
  const businessId = Number(id);
  const valid = Number.isInteger(businessId) && businessId > 0;
  const shown = useCommandQuery(getMerchant, { id: businessId }, { enabled: valid });
  const detail = shown.data;
  const actions = useMerchantActions(detail);
  // Why a key did nothing (an action the merchant's state rules out).
  const [notice, setNotice] = useState<string | null>(null);

  if (!valid) return <MerchantNotLoaded notFound error={null} id={id} retry={() => undefined} />;
  if (shown.isPending) return <PageSpinner />;
  if (!detail) {
    const notFound = shown.error instanceof ClientError && shown.error.status === 404;
    return <MerchantNotLoaded notFound={notFound} error={shown.error} id={id} retry={() => void shown.refetch()} />;
  }
  const { business } = detail;

  return (
    <div data-page="merchant" data-business-id={business.id} className="min-w-0">
      <MerchantShortcutsEffect actions={actions} onUnavailable={setNotice} />
      <PageHeader
        title={business.name}
        description={`#${business.id} · ${business.categoryLabel} · ${business.state} · joined ${formatDateTime(business.createdAt)}`}
        actions={actions.length > 0 ? <MerchantActionButtons actions={actions} /> : undefined}
      />
      {notice ? (
        <p
          role="status"
          data-testid="action-notice"
          className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        >
          {notice}
        </p>
      ) : null}
      <MerchantFlags detail={detail} />

      {/* One column on a phone; minmax(0, 1fr) tracks so a wide table scrolls inside its card. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <MerchantBusinessSection detail={detail} />
        <MerchantKycSection records={detail.kyc} />
        <MerchantUsersSection users={detail.users} />
        <MerchantBankAccountsSection accounts={detail.bankAccounts} />
        <MerchantWalletSection wallet={detail.wallet} />
        <MerchantFixedAccountsSection accounts={detail.fixedAccounts} />
        <MerchantStoresSection stores={detail.stores} />
        <MerchantTerminalsSection businessId={business.id} />
        <MerchantLoansSection businessId={business.id} />
      </div>

      <div className="mt-4">
        <MerchantHistorySection businessId={business.id} events={detail.events} />
      </div>
    </div>
  );
}
