import { walletLimits } from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { useCommandQuery } from '../list/useCommandQuery';
import { Section } from '../ui/Section';
import { limitText } from './limitText';

/**
 * A wallet's KYC tier and limits today: what the tier allows, what the wallet has debited this
 * Lagos day and what remains. For the wallet page; renders nothing for an admin without
 * wallets.view (the query is refused) beyond the section's message.
 */
export function WalletLimitsSection({ uid }: { /** The wallet's uid. */ uid: string }) {
  const shown = useCommandQuery(walletLimits, { uid });
  const limits = shown.data;
  return (
    <Section name="wallet-limits" title={limits ? `Limits · KYC Tier ${limits.tier}` : 'Limits'}>
      {shown.isPending ? (
        <p className="px-3 py-2 text-sm text-zinc-500">Loading the limits…</p>
      ) : !limits ? (
        <p role="alert" className="px-3 py-2 text-sm text-red-600">
          The limits could not be loaded{shown.error ? `: ${shown.error.message}` : '.'}
        </p>
      ) : (
        <dl className="grid gap-x-4 gap-y-1 px-3 py-2 text-sm sm:grid-cols-[auto_1fr]" data-tier={limits.tier}>
          <dt className="text-zinc-500">Tier</dt>
          <dd>
            Tier {limits.tier} <span className="text-zinc-500">({limits.tierBecause})</span>
          </dd>
          <dt className="text-zinc-500">Single debit</dt>
          <dd data-limit="single">{limitText(limits.singleDebitLimit)}</dd>
          <dt className="text-zinc-500">Daily debits</dt>
          <dd data-limit="daily">{limitText(limits.dailyDebitLimit)}</dd>
          <dt className="text-zinc-500">Used today ({limits.day})</dt>
          <dd data-limit="used">{formatNaira(limits.usedToday)}</dd>
          <dt className="text-zinc-500">Remaining today</dt>
          <dd data-limit="remaining">
            {limitText(limits.dailyRemaining)}
            {limits.nextDebitRemaining !== null && limits.nextDebitRemaining !== limits.dailyRemaining ? (
              <span className="text-zinc-500"> (next debit at most {formatNaira(limits.nextDebitRemaining)})</span>
            ) : null}
          </dd>
          <dt className="text-zinc-500">Balance limit</dt>
          <dd data-limit="balance">
            {limitText(limits.maxBalance)}
            {limits.balanceRemaining !== null ? <span className="text-zinc-500"> ({formatNaira(limits.balanceRemaining)} left for manual credits)</span> : null}
          </dd>
        </dl>
      )}
    </Section>
  );
}
