import { listWallets, listWalletTransactions, moneyMovementPolicy, updateWalletStatus, walletLimits, WALLET_STATUSES, type WalletStatus } from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { Link, useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';
import { RecentWalletTransactions, walletLogPath } from '../wallet/RecentWalletTransactions';
import { WalletLimitsSection } from '../wallet-settings/WalletLimitsSection';
import { MoneyPolicyView, WalletStatusTable } from './MoneyPolicyView';

/** What a status does to money, for the confirmation. */
const STATUS_EFFECT: Record<WalletStatus, string> = {
  ACTIVE: 'Money may move in and out again (unless the business is marked as fraud).',
  PND: 'Money may come in but not go out.',
  FROZEN: 'No money may move in or out.',
  CLOSED: 'No money may move in or out; the wallet is closed.',
};

/** "Jubilee Suites'" and "Mama Put's". */
const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** One wallet: its balance, status and what that lets money do, the status change, its limits and newest transactions. */
export default function WalletPage() {
  const { uid = '' } = useParams();
  const shown = useCommandQuery(listWallets, { uid });
  const { allowed, open } = useOpenCommand();
  if (shown.isPending) return <PageSpinner />;
  const wallet = shown.data?.items[0];
  if (!wallet) {
    return (
      <p role="alert" className="text-red-600">
        {shown.error ? `This wallet could not be loaded: ${shown.error.message}` : 'There is no wallet with this uid.'}
      </p>
    );
  }
  const policy = moneyMovementPolicy({ isFraud: wallet.isFraud, walletStatus: wallet.status });
  return (
    <div className="max-w-3xl space-y-5" data-wallet={wallet.uid} data-status={wallet.status}>
      <PageHeader
        title={`Wallet of ${wallet.businessName}`}
        description={`${wallet.businessEmail} · balance ${formatNaira(wallet.balance)} · status ${wallet.status}`}
        actions={
          allowed(updateWalletStatus) ? (
            <div className="flex flex-wrap gap-2" role="group" aria-label="Change status">
              {WALLET_STATUSES.filter((status) => status !== wallet.status).map((status) => (
                <Button
                  key={status}
                  variant={status === 'ACTIVE' ? 'primary' : 'danger'}
                  data-status-to={status}
                  onClick={() =>
                    open({
                      command: updateWalletStatus,
                      fixed: { uid: wallet.uid, status },
                      subject: `Set ${possessive(wallet.businessName)} wallet to ${status} (now ${wallet.status})? ${STATUS_EFFECT[status]}`,
                    })
                  }
                >
                  Set to {status}
                </Button>
              ))}
            </div>
          ) : undefined
        }
      />
      <section className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        <h2 className="mb-2 font-medium">What money may do now</h2>
        <MoneyPolicyView policy={policy} />
        {wallet.isFraud ? <p className="mt-2 text-sm text-zinc-500">The business is marked as fraud, which stops money whatever the wallet status.</p> : null}
      </section>
      <section className="grid gap-x-4 gap-y-1 rounded-xl border border-zinc-200 p-4 text-sm sm:grid-cols-[auto_1fr] dark:border-zinc-800">
        <span className="text-zinc-500">Balance</span>
        <span className="font-semibold tabular-nums" data-balance={wallet.balance}>
          {formatNaira(wallet.balance)}
        </span>
        <span className="text-zinc-500">Business</span>
        <Link className="text-accent-700 underline dark:text-accent-400" to={`/merchants/${wallet.businessId}`}>
          {wallet.businessName} (#{wallet.businessId})
        </Link>
        <span className="text-zinc-500">Status reason</span>
        <span>{wallet.statusReason ?? '—'}</span>
        <span className="text-zinc-500">Changed</span>
        <span>{wallet.statusChangedAt ? dateTimeFormat.format(new Date(wallet.statusChangedAt)) : '—'}</span>
        <span className="text-zinc-500">Wallet uid</span>
        <span className="font-mono text-xs">{wallet.uid}</span>
      </section>
      {allowed(walletLimits) ? <WalletLimitsSection uid={wallet.uid} /> : null}
      {allowed(listWalletTransactions) ? (
        <Section
          name="recent-transactions"
          title="Recent transactions"
          aside={
            <Link className={`${linkClass} text-sm`} to={walletLogPath(wallet.businessId)}>
              All transactions
            </Link>
          }
        >
          <RecentWalletTransactions businessId={wallet.businessId} />
        </Section>
      ) : null}
      <section className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        <h2 className="mb-2 font-medium">What each status allows</h2>
        <WalletStatusTable current={wallet.status} />
      </section>
    </div>
  );
}
