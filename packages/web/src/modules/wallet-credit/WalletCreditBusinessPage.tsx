import { formatNaira, getWalletCreditBusiness, listWalletCreditRequests, requestWalletCredit, requestWalletDebit } from '@traction/core';
import { Link, useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { useCommandQuery } from '../list/useCommandQuery';
import { ListPage } from '../list/ListPage';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { linkClass } from '../ui/linkClass';
import { PageSpinner } from '../ui/PageSpinner';
import { statusTone } from '../ui/statusTone';

/**
 * One business's wallet crediting: its wallet's balance and status, New credit (`c`) and New
 * debit (`b`) requests, and its requests with where each stands. Nothing moves until another
 * admin authorises a request from the Approvals queue.
 */
export default function WalletCreditBusinessPage() {
  const { id = '', email = '' } = useParams();
  // The id names the business; the email in the path is for people reading the address.
  const ref = /^\d+$/.test(id) ? id : email;
  const shown = useCommandQuery(getWalletCreditBusiness, { email: ref }, { enabled: ref !== '' });
  const { allowed, open } = useOpenCommand();
  const business = shown.data?.business;
  const canAsk = !!business?.wallet && allowed(requestWalletCredit);
  const ask = (command: typeof requestWalletCredit | typeof requestWalletDebit) => {
    if (!business) return;
    open({ command, fixed: { business: String(business.id) }, about: business.name });
  };
  useShortcut('c', 'New credit request for this business', () => ask(requestWalletCredit), { enabled: canAsk });
  useShortcut('b', 'New debit request for this business', () => ask(requestWalletDebit), { enabled: canAsk });

  if (shown.isPending) return <PageSpinner />;
  if (!business) {
    return (
      <p role="alert" className="text-red-600">
        This business could not be loaded: {shown.error?.message ?? 'unknown error'}
      </p>
    );
  }
  const { wallet } = business;
  return (
    <div className="space-y-4" data-page="wallet-credit" data-business-id={business.id}>
      <section className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
        <div>
          <h1 className="text-lg font-semibold tracking-tight">{business.name}</h1>
          <p className="text-zinc-500 dark:text-zinc-400">
            <Link className={linkClass} to={`/merchants/${business.id}`}>
              #{business.id}
            </Link>{' '}
            · {business.email}
            {business.isFraud ? ' · marked as fraud' : ''}
          </p>
          {wallet ? (
            <p className="mt-2 text-sm">
              Wallet balance{' '}
              <strong data-testid="wallet-balance" className="text-base tabular-nums">
                {formatNaira(wallet.balance)}
              </strong>{' '}
              <Badge tone={statusTone(wallet.status)}>{wallet.status}</Badge>
            </p>
          ) : (
            <p className="mt-2 text-sm">This business has no wallet: nothing can be credited or debited.</p>
          )}
        </div>
        {canAsk ? (
          <div className="flex gap-2">
            <Button variant="primary" title="Shortcut: c" onClick={() => ask(requestWalletCredit)}>
              New credit
            </Button>
            <Button title="Shortcut: b" onClick={() => ask(requestWalletDebit)}>
              New debit
            </Button>
          </div>
        ) : null}
      </section>
      <ListPage
        command={listWalletCreditRequests}
        title="Requests"
        description="Credits and debits asked for this business; a second admin authorises each from the Approvals queue."
        rowNoun={{ one: 'request', other: 'requests' }}
        fixed={{ businessId: business.id }}
        selectable={false}
      />
    </div>
  );
}
