import type { MerchantDetail } from '@traction/core';
import { Badge } from '../ui/Badge';
import { Field } from '../ui/Field';
import { formatDateTime } from '../ui/formatDateTime';
import { humanize } from '../ui/humanize';
import { Section } from '../ui/Section';
import { statusTone } from '../ui/statusTone';

/** The wallet's status and its latest change, or that there is no wallet (so no money moves). */
export function MerchantWalletSection({ wallet }: { wallet: MerchantDetail['wallet'] }) {
  return (
    <Section name="wallet" title="Wallet">
      {wallet ? (
        <dl className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-2">
          <Field label="Status">
            <Badge tone={statusTone(wallet.status)}>{humanize(wallet.status)}</Badge>
          </Field>
          <Field label="Wallet id">
            <span className="font-mono text-xs">{wallet.uid}</span>
          </Field>
          <Field label="Reason">{wallet.reason}</Field>
          <Field label="Changed">
            {wallet.changedAt ? `${formatDateTime(wallet.changedAt)}${wallet.changedBy ? ` by ${wallet.changedBy.name}` : ''}` : null}
          </Field>
        </dl>
      ) : (
        <p role="status" data-empty className="px-3 py-4 text-zinc-500 dark:text-zinc-400">
          This business has no wallet: no money can move in or out.
        </p>
      )}
    </Section>
  );
}
