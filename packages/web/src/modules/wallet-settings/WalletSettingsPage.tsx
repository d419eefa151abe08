import { humanize } from '../ui/humanize';
import { getWalletConfig, updateWalletConfig } from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { Link } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { Section } from '../ui/Section';
import { limitText } from './limitText';

const link = 'text-accent-700 underline dark:text-accent-400';

/** Wallet (Settings): the limits of each KYC tier, editable, the transfer fee, and the way to cashback. */
export default function WalletSettingsPage() {
  const shown = useCommandQuery(getWalletConfig, {});
  const { allowed, open } = useOpenCommand();
  if (shown.isPending) return <PageSpinner />;
  const config = shown.data;
  if (!config) {
    return (
      <p role="alert" className="text-red-600">
        The wallet configuration could not be loaded{shown.error ? `: ${shown.error.message}` : '.'}
      </p>
    );
  }
  const canEdit = allowed(updateWalletConfig);
  return (
    <div className="max-w-4xl space-y-5">
      <PageHeader
        title="Wallet"
        description="How much a wallet may send and hold at each KYC tier (CBN tiered KYC), checked on every posting. A business's tier comes from its approved KYC: an identity document is Tier 2; identity and an address or CAC registration, or a KYC override, is Tier 3."
      />
      <Section name="tier-limits" title="Limits by KYC tier">
        <table className="w-full text-sm">
          <thead className="text-left text-zinc-500">
            <tr>
              <th className="px-3 py-2 font-medium">Tier</th>
              <th className="px-3 py-2 font-medium">Takes</th>
              <th className="px-3 py-2 text-right font-medium">Single debit</th>
              <th className="px-3 py-2 text-right font-medium">Daily debits</th>
              <th className="px-3 py-2 text-right font-medium">Balance</th>
              <th className="px-3 py-2 font-medium">Changed</th>
              {canEdit ? (
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {config.tiers.map((tier) => (
              <tr key={tier.tier} data-tier={tier.tier} className="border-t border-zinc-200 dark:border-zinc-800">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  Tier {tier.tier}
                </th>
                <td className="px-3 py-2">{tier.meaning}</td>
                <td className="px-3 py-2 text-right tabular-nums">{limitText(tier.singleDebitLimit)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{limitText(tier.dailyDebitLimit)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{limitText(tier.maxBalance)}</td>
                <td className="px-3 py-2 text-zinc-500">
                  {tier.updatedAt ? `${dateTimeFormat.format(new Date(tier.updatedAt))}${tier.updatedBy ? ` by ${tier.updatedBy}` : ''}` : 'Default'}
                </td>
                {canEdit ? (
                  <td className="px-3 py-2 text-right">
                    <Button
                      data-edit-tier={tier.tier}
                      onClick={() =>
                        open({
                          command: updateWalletConfig,
                          fixed: { tier: tier.tier },
                          about: `Tier ${tier.tier}`,
                          subject: `Tier ${tier.tier} now: single debit ${limitText(tier.singleDebitLimit)}, daily debits ${limitText(tier.dailyDebitLimit)}, balance ${limitText(tier.maxBalance)}. Leave a field empty to keep it.`,
                        })
                      }
                    >
                      Edit
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="px-3 py-2 text-xs text-zinc-500">
          Debits count fees and are summed per Lagos day; {kindsInWords(config.limitFreeKinds)} are never stopped nor counted. Only{' '}
          {kindsInWords(config.balanceCappedCreditKinds)} are refused above the balance limit: a POS inflow is never bounced.
        </p>
      </Section>
      <Section
        name="transfer-fee"
        title="Transfer fee"
        aside={
          <Link className={link} to="/wallet/transfer-fee">
            Change
          </Link>
        }
      >
        <p className="px-3 py-2 text-sm" data-fee={config.transferFee.fee}>
          {formatNaira(config.transferFee.fee)} on each transfer out of a wallet
          {config.transferFee.updatedAt ? (
            <span className="text-zinc-500">
              {' '}
              · changed {dateTimeFormat.format(new Date(config.transferFee.updatedAt))}
              {config.transferFee.updatedBy ? ` by ${config.transferFee.updatedBy}` : ''}
            </span>
          ) : null}
        </p>
      </Section>
      <Section name="cashback" title="Cashback">
        <p className="px-3 py-2 text-sm">
          <Link className={link} to="/wallet/cashback">
            Cashback rules
          </Link>{' '}
          say what share of a POS credit comes back; the{' '}
          <Link className={link} to="/cashback-activation-portal">
            Cashback Activation Portal
          </Link>{' '}
          says which businesses earn it.
        </p>
      </Section>
    </div>
  );
}

/** What each kind of transfer is, in the plural, for sentences about the limits. */
const KIND_NOUNS: Record<string, string> = {
  reversal: 'reversals',
  debit: "admins' debits (authorised by a second admin)",
  credit: "admins' credits",
  adjustment: 'adjustments',
};

/** `['reversal', 'debit']` → "reversals and admins' debits (authorised by a second admin)". */
function kindsInWords(kinds: readonly string[]): string {
  const nouns = kinds.map((kind) => KIND_NOUNS[kind] ?? `${humanize(kind).toLowerCase()} transfers`);
  return nouns.length <= 1 ? (nouns[0] ?? 'no transfers') : `${nouns.slice(0, -1).join(', ')} and ${nouns.at(-1)}`;
}
