import { moneyMovementPolicy, WALLET_STATUSES, type MoneyPolicy, type WalletStatus } from '@traction/core';

/** What a business may do with money now: one line each for money out and money in. */
export function MoneyPolicyView({ policy }: { policy: MoneyPolicy }) {
  return (
    <dl data-testid="money-policy" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {(
        [
          ['Money out', policy.debit],
          ['Money in', policy.credit],
        ] as const
      ).map(([label, decision]) => (
        <div key={label} className="contents" data-allowed={decision.allowed}>
          <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
          <dd>
            <span className={decision.allowed ? 'font-medium text-emerald-700 dark:text-emerald-400' : 'font-medium text-red-700 dark:text-red-400'}>
              {decision.allowed ? 'Allowed' : 'Refused'}
            </span>
            {decision.allowed ? null : <span className="text-zinc-600 dark:text-zinc-300"> — {decision.reason}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Every wallet status and what it allows, from the one policy the server enforces. */
export function WalletStatusTable({ current }: { current?: WalletStatus }) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-xs text-zinc-500 dark:text-zinc-400">
        <tr>
          <th className="py-1 font-medium">Status</th>
          <th className="py-1 font-medium">Money out</th>
          <th className="py-1 font-medium">Money in</th>
        </tr>
      </thead>
      <tbody>
        {WALLET_STATUSES.map((status) => {
          const policy = moneyMovementPolicy({ isFraud: false, walletStatus: status });
          return (
            <tr
              key={status}
              data-status={status}
              aria-current={status === current ? 'true' : undefined}
              className="border-t border-zinc-100 aria-[current=true]:bg-accent-50 dark:border-zinc-800 dark:aria-[current=true]:bg-accent-950/40"
            >
              <td className="py-1 font-mono text-xs">{status}</td>
              <td className="py-1">{policy.debit.allowed ? 'Allowed' : 'Refused'}</td>
              <td className="py-1">{policy.credit.allowed ? 'Allowed' : 'Refused'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
