import { formatNaira, getMerchant, listSweeps, newSweep, sweepBalanceEnquiry } from '@traction/core';
import { Link, useNavigate, useParams } from 'react-router';
import { BatchStatusBadge } from '../bulk-transfers/BatchStatusBadge';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { useCommandQuery } from '../list/useCommandQuery';
import { walletWord } from '../merchants/walletWord';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';
import { ShortcutKey } from '../ui/ShortcutKey';
import { SWEEP_FORM_PARTS } from './sweepFormParts';
import { NEW_SWEEP_PATH, NO_ACCOUNT, sweepPath } from './sweepPaths';
import { useSweepMade } from './useSweepMade';

/** Sweeps of this business shown here; the history lists them all. */
const RECENT_SWEEPS = 5;

/**
 * Sweep Request: one source account — the business, its fixed account (bank, number, name), its
 * balance as our ledger keeps it and as the bank states it, what a sweep would take after the fee
 * or why it may not — and "Sweep this account" (`s`), the new-sweep form with just this wallet.
 * `r` asks the balances again; recent sweeps that took from it are listed.
 */
export default function SweepRequestPage() {
  const { id = '', bank = '', acctno = '', acctname = '' } = useParams();
  const businessId = Number(id);
  const valid = Number.isSafeInteger(businessId) && businessId > 0;
  const accountNumber = /^\d{10}$/.test(acctno) ? acctno : undefined;
  const navigate = useNavigate();
  const { allowed, open } = useOpenCommand();
  const made = useSweepMade();
  const balance = useCommandQuery(sweepBalanceEnquiry, { businessId, ...(accountNumber ? { accountNumber } : {}) }, { enabled: valid });
  const sweeps = useCommandQuery(listSweeps, { businessId, limit: RECENT_SWEEPS }, { enabled: valid && allowed(listSweeps) });
  const found = balance.data;
  const mayMerchant = allowed(getMerchant);

  const sweepable = !!found && found.refusal === null && found.sweepable > 0;
  const maySweep = allowed(newSweep);
  const sweepThis = () => {
    if (!found || !sweepable || !maySweep) return;
    open({
      command: newSweep,
      fixed: { ids: [found.businessId] },
      parts: SWEEP_FORM_PARTS,
      subject: `${found.businessName}'s wallet: ${formatNaira(found.balance)} now, about ${formatNaira(found.sweepable)} to sweep after the ${formatNaira(found.fee)} fee. The next page shows the preview; nothing moves until another admin approves.`,
      onDone: made,
    });
  };
  useShortcut('s', 'Sweep this account (a new sweep of this wallet alone)', sweepThis, { enabled: sweepable && maySweep });
  useShortcut('r', 'Ask the balances again', () => void balance.refetch(), { enabled: valid });
  useShortcut('u', 'Back to choosing wallets (New Bulk Sweep)', () => navigate(NEW_SWEEP_PATH));

  if (valid && balance.isPending) return <PageSpinner />;
  if (!found) {
    return (
      <RecordNotLoaded
        valid={valid}
        error={balance.error}
        missing={`There is no business #${id} with a wallet to sweep.`}
        failed="The balance could not be read"
        retry={() => void balance.refetch()}
      />
    );
  }

  const accountName = found.fixedAccountName ?? (acctname && acctname !== NO_ACCOUNT ? acctname : null);
  const accountBank = found.fixedAccountBank ?? (bank && bank !== NO_ACCOUNT ? bank : null);
  const why =
    found.refusal ?? (found.sweepable === 0 ? `Nothing to sweep: ${formatNaira(found.balance)} does not cover the ${formatNaira(found.fee)} fee.` : null);
  return (
    <div data-page="sweep-request" data-business-id={found.businessId} className="max-w-4xl space-y-4">
      <PageHeader
        title={`Sweep Request: ${found.businessName}`}
        description={`Business #${found.businessId} · wallet ${walletWord(found.walletStatus)}`}
        actions={
          <>
            <Button onClick={() => void balance.refetch()} disabled={balance.isFetching} aria-keyshortcuts="r" data-action="refresh">
              {balance.isFetching ? 'Asking…' : 'Ask again'}
              <ShortcutKey>r</ShortcutKey>
            </Button>
            {maySweep ? (
              <Button variant="primary" onClick={sweepThis} disabled={!sweepable} aria-keyshortcuts="s" data-action="sweep" title={why ?? 'Shortcut: s'}>
                Sweep this account…
                <ShortcutKey>s</ShortcutKey>
              </Button>
            ) : null}
          </>
        }
      />
      {why ? (
        <p
          role="note"
          data-testid="cannot-sweep"
          className="rounded-md border border-amber-300 bg-amber-50 p-2.5 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {why}
        </p>
      ) : null}
      <Section name="account" title="Fixed account">
        <dl className="grid gap-3 p-3 sm:grid-cols-3">
          <Field label="Bank">{accountBank ?? 'No fixed account'}</Field>
          <Field label="Account number">{found.fixedAccountNumber ?? (accountNumber || '')}</Field>
          <Field label="Account name">{accountName ?? ''}</Field>
        </dl>
      </Section>
      <Section name="balance" title="Balance">
        <dl className="grid gap-3 p-3 sm:grid-cols-3" data-testid="balances">
          <Field label="Wallet (our ledger)">
            <span data-balance="ledger" className="text-base font-semibold tabular-nums">
              {formatNaira(found.balance)}
            </span>
          </Field>
          <Field label={found.provider ? `At the bank (${found.provider})` : 'At the bank'}>
            {found.providerBalance !== null ? (
              <span data-balance="bank" className="text-base font-semibold tabular-nums">
                {formatNaira(found.providerBalance)}
              </span>
            ) : (
              <span data-balance="bank" className="text-amber-800 dark:text-amber-300">
                {found.providerError ?? (found.provider ? 'The bank gave no balance.' : 'No fixed account to ask about.')}
              </span>
            )}
          </Field>
          <Field label="A sweep would take">
            <span data-balance="sweepable" className="text-base font-semibold tabular-nums">
              {formatNaira(found.sweepable)}
            </span>
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">after the {formatNaira(found.fee)} transfer fee, leaving nothing</span>
          </Field>
        </dl>
        {found.providerBalance !== null && found.providerBalance !== found.balance ? (
          <p data-testid="balance-differs" className="px-3 pb-3 text-amber-800 dark:text-amber-300">
            The bank states {formatNaira(found.providerBalance)}, {formatNaira(Math.abs(found.providerBalance - found.balance))}{' '}
            {found.providerBalance > found.balance ? 'more' : 'less'} than the wallet: a sweep takes from the wallet as our ledger keeps it.
          </p>
        ) : null}
      </Section>
      {mayMerchant ? (
        <p>
          <Link to={`/merchants/${found.businessId}`} className={linkClass}>
            {found.businessName}'s merchant page
          </Link>
        </p>
      ) : null}
      {sweeps.data && sweeps.data.items.length > 0 ? (
        <Section name="sweeps" title="Recent sweeps of this wallet" count={sweeps.data.total}>
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {sweeps.data.items.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                <Link to={sweepPath(row.id)} className={linkClass}>
                  Sweep #{row.id}
                </Link>
                <BatchStatusBadge status={row.status} />
                <span className="text-zinc-600 dark:text-zinc-300">
                  {formatDateTime(row.createdAt)} · to {row.accountName} · {formatNaira(row.total)} from {row.sources.toLocaleString('en-NG')} wallets
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}
