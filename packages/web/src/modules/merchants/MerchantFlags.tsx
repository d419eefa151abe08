import { moneyMovementPolicy, type AdminRef, type MerchantDetail, type MoneyDecision } from '@traction/core';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { Badge } from '../ui/Badge';
import { statusTone } from '../ui/statusTone';
import { walletWord } from './walletWord';

const when = (at: string | null, by: AdminRef | null) =>
  [at ? dateTimeFormat.format(new Date(at)) : null, by ? `by ${by.name}` : null].filter(Boolean).join(' ');

function Flag({ name, on, label, tone, detail }: { name: string; on: boolean; label: string; tone: 'good' | 'warn' | 'bad' | 'neutral'; detail?: string }) {
  return (
    <div data-flag={name} data-on={on} className="min-w-0">
      <Badge tone={on ? tone : 'neutral'}>{label}</Badge>
      {detail ? <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400">{detail}</p> : null}
    </div>
  );
}

function Money({ name, label, decision }: { name: string; label: string; decision: MoneyDecision }) {
  return (
    <div data-money={name} data-allowed={decision.allowed} className="min-w-0">
      <Badge tone={decision.allowed ? 'good' : 'bad'} title={decision.reason}>
        {label}: {decision.allowed ? 'yes' : 'no'}
      </Badge>
      {decision.allowed ? null : <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{decision.reason}</p>}
    </div>
  );
}

/**
 * The flags that decide what a merchant may do, each with who set it and when, and what they add
 * up to: whether money may leave or reach the business (core's `moneyMovementPolicy`, the same
 * rule the server enforces).
 */
export function MerchantFlags({ detail }: { detail: MerchantDetail }) {
  const { fraud, trusted, kycOverride } = detail.flags;
  const policy = moneyMovementPolicy({ isFraud: fraud.isFraud, walletStatus: detail.wallet?.status ?? null });
  const exemption = kycOverride.kycExempt ? 'KYC exempt' : kycOverride.bvnExempt ? 'BVN exempt' : 'KYC required';
  return (
    <div
      data-testid="merchant-flags"
      className="mb-4 grid grid-cols-2 gap-3 rounded-lg border border-zinc-200 bg-white p-3 sm:grid-cols-3 lg:grid-cols-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <Flag
        name="fraud"
        on={fraud.isFraud}
        tone="bad"
        label={fraud.isFraud ? 'Marked as fraud' : 'Not fraud'}
        {...(fraud.isFraud ? { detail: [fraud.reason, when(fraud.at, fraud.by)].filter(Boolean).join(' · ') } : {})}
      />
      <Flag
        name="trusted"
        on={trusted.isTrusted}
        tone="good"
        label={trusted.isTrusted ? 'Trusted' : 'Not trusted'}
        {...(trusted.isTrusted ? { detail: when(trusted.at, trusted.by) } : {})}
      />
      <Flag
        name="kyc-override"
        on={kycOverride.kycExempt || kycOverride.bvnExempt}
        tone="warn"
        label={exemption}
        {...(kycOverride.kycExempt || kycOverride.bvnExempt ? { detail: when(kycOverride.at, kycOverride.by) } : {})}
      />
      <div data-flag="wallet" data-on={detail.wallet !== null} className="min-w-0">
        <Badge tone={detail.wallet ? statusTone(detail.wallet.status) : 'bad'}>
          {detail.wallet ? `Wallet ${walletWord(detail.wallet.status)}` : 'No wallet'}
        </Badge>
        {detail.wallet?.reason ? <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400">{detail.wallet.reason}</p> : null}
      </div>
      <Money name="send" label="Can send money" decision={policy.debit} />
      <Money name="receive" label="Can receive money" decision={policy.credit} />
    </div>
  );
}
