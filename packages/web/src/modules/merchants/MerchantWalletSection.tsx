import { listWallets, listWalletTransactions, type MerchantDetail } from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { Link } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useCommandQuery } from '../list/useCommandQuery';
import { Badge } from '../ui/Badge';
import { Field } from '../ui/Field';
import { formatDateTime } from '../ui/formatDateTime';
import { humanize } from '../ui/humanize';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';
import { statusTone } from '../ui/statusTone';
import { RecentWalletTransactions, walletLogPath } from '../wallet/RecentWalletTransactions';

/**
 * The wallet's status and its latest change, its balance and newest transactions (for admins who
 * may see wallets), or that there is no wallet (so no money moves).
 */
export function MerchantWalletSection({ wallet }: { wallet: MerchantDetail['wallet'] }) {
  const { allowed } = useOpenCommand();
  const mayView = wallet !== null && allowed(listWallets);
  const ledger = useCommandQuery(listWallets, { uid: wallet?.uid ?? '' }, { enabled: mayView });
  const row = ledger.data?.items[0];
  return (
    <Section
      name="wallet"
      title="Wallet"
      aside={
        row && allowed(listWalletTransactions) ? (
          <Link className={`${linkClass} text-sm`} to={walletLogPath(row.businessId)}>
            All transactions
          </Link>
        ) : undefined
      }
    >
      {wallet ? (
        <>
          <dl className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-2">
            {mayView ? (
              <Field label="Balance">
                <span data-balance={row?.balance ?? ''} className="font-semibold tabular-nums">
                  {row ? formatNaira(row.balance) : ledger.isPending ? '…' : '—'}
                </span>
              </Field>
            ) : null}
            <Field label="Status">
              <Badge tone={statusTone(wallet.status)}>{humanize(wallet.status)}</Badge>
            </Field>
            <Field label="Wallet id">
              {mayView ? (
                <Link className={`${linkClass} font-mono text-xs`} to={`/wallet-management-portal/${wallet.uid}`}>
                  {wallet.uid}
                </Link>
              ) : (
                <span className="font-mono text-xs">{wallet.uid}</span>
              )}
            </Field>
            <Field label="Reason">{wallet.reason}</Field>
            <Field label="Changed">
              {wallet.changedAt ? `${formatDateTime(wallet.changedAt)}${wallet.changedBy ? ` by ${wallet.changedBy.name}` : ''}` : null}
            </Field>
          </dl>
          {row && allowed(listWalletTransactions) ? (
            <div data-recent-transactions className="border-t border-zinc-200 dark:border-zinc-800">
              <h3 className="px-3 pt-2 text-xs font-medium text-zinc-500 dark:text-zinc-400">Recent transactions</h3>
              <RecentWalletTransactions businessId={row.businessId} />
            </div>
          ) : null}
        </>
      ) : (
        <p role="status" data-empty className="px-3 py-4 text-zinc-500 dark:text-zinc-400">
          This business has no wallet: no money can move in or out.
        </p>
      )}
    </Section>
  );
}
