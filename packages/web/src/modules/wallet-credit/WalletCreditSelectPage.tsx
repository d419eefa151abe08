import { getWalletCreditBusiness, listWalletCreditRequests } from '@traction/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { client } from '../../app/client';
import { MerchantPicker } from '../kyc/MerchantPicker';
import { ListPage } from '../list/ListPage';
import { walletCreditPath } from './walletCreditPath';

/**
 * Wallet Crediting: find the business to credit or debit (by the start of its name or email),
 * then its page; below, every credit and debit request with where it stands.
 */
export default function WalletCreditSelectPage() {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async ({ id }: { id: number }) => {
    try {
      const { business } = await client.call(getWalletCreditBusiness, { email: String(id) });
      navigate(walletCreditPath(business));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="space-y-4">
      <section aria-label="Choose a business" className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
        <h1 className="mb-2 text-lg font-semibold tracking-tight">Wallet Crediting: select a business</h1>
        <MerchantPicker label="Business to credit or debit" onPick={(merchant) => void pick(merchant)} />
        {problem ? (
          <p role="alert" className="mt-2 text-red-600">
            {problem}
          </p>
        ) : null}
      </section>
      <ListPage
        command={listWalletCreditRequests}
        title="Credit and debit requests"
        description="Every wallet credit and debit asked for by hand. Each waits for a second admin (the Approvals queue)."
        rowNoun={{ one: 'request', other: 'requests' }}
        selectable={false}
      />
    </div>
  );
}
