import { getMerchant, merchantPasswordLink, overrideKyc, stateName, toggleTrust, updateFraudStatus, updateWalletStatus, type MerchantDetail } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { humanize } from '../ui/humanize';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { Badge } from '../ui/Badge';
import { statusTone } from '../ui/statusTone';
import { DetailTable } from './DetailTable';
import { MerchantFlags } from './MerchantFlags';
import { Field } from '../ui/Field';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';
import { documentLabel, statusLabel } from '../verification/kycLabels';
import { walletWord } from './walletWord';

type Detail = MerchantDetail;

const at = (iso: string | null) => (iso ? dateTimeFormat.format(new Date(iso)) : '—');

/** The person support sends a password link to: the owner, else the first user, else nobody. */
const linkRecipient = (detail: Detail) => (detail.users.find((user) => user.role === 'owner') ?? detail.users[0])?.email;

/** The actions an admin may take on the merchant: buttons, the same as page shortcuts (shown in `?`). */
function useMerchantActions(detail: Detail | undefined) {
  const { allowed, open } = useOpenCommand();
  // Each form says what it will do to whom: the command's title is generic ("Mark or clear fraud on a business").
  const name = detail ? detail.business.name : '';
  const recipient = detail ? linkRecipient(detail) : undefined;
  const actions = detail
    ? [
        {
          key: 'f',
          command: updateFraudStatus,
          label: detail.flags.fraud.isFraud ? 'Clear fraud' : 'Mark as fraud',
          variant: detail.flags.fraud.isFraud ? ('secondary' as const) : ('danger' as const),
          run: () =>
            open({
              command: updateFraudStatus,
              fixed: { id: detail.business.id, is_fraud: !detail.flags.fraud.isFraud },
              subject: detail.flags.fraud.isFraud ? `Clear the fraud mark on ${name}` : `Mark ${name} as fraud`,
            }),
        },
        {
          key: 't',
          command: toggleTrust,
          label: detail.flags.trusted.isTrusted ? 'Withdraw trust' : 'Trust',
          variant: 'secondary' as const,
          // The server refuses it (409); say why before anyone fills in a form.
          unavailable: !detail.flags.trusted.isTrusted && detail.flags.fraud.isFraud ? `${name} is marked as fraud and cannot be trusted; clear the fraud mark first` : undefined,
          run: () =>
            open({
              command: toggleTrust,
              fixed: { id: detail.business.id, isTrusted: !detail.flags.trusted.isTrusted },
              subject: detail.flags.trusted.isTrusted ? `Withdraw trust from ${name}` : `Trust ${name}`,
            }),
        },
        ...(detail.wallet
          ? [
              {
                key: 'w',
                command: updateWalletStatus,
                label: 'Wallet status',
                variant: 'secondary' as const,
                run: () => open({ command: updateWalletStatus, fixed: { uid: detail.wallet!.uid }, subject: `Change the wallet status of ${name} — now ${walletWord(detail.wallet!.status)}` }),
              },
            ]
          : []),
        {
          key: 'o',
          command: overrideKyc,
          label: 'KYC override',
          variant: 'secondary' as const,
          run: () => open({ command: overrideKyc, fixed: { businessId: detail.business.id }, subject: `Override KYC for ${name}` }),
        },
        ...(recipient
          ? [
              {
                key: 'p',
                command: merchantPasswordLink,
                label: 'Password link',
                variant: 'secondary' as const,
                run: () => open({ command: merchantPasswordLink, fixed: { email: recipient }, subject: `Send ${recipient} a new password link for ${name}` }),
              },
            ]
          : []),
      ].filter((action) => allowed(action.command))
    : [];
  return actions;
}

function ActionShortcut({ keys, label, run }: { keys: string; label: string; run: () => void }) {
  useShortcut(keys, label, run);
  return null;
}

function NotLoaded({ notFound, error, id, retry }: { notFound: boolean; error: Error | null; id: string; retry: () => void }) {
  if (notFound) {
    return (
      <div role="alert" data-state="not-found" className="py-12 text-center text-zinc-500">
        <p>No merchant has the id {id}.</p>
        <Link to="/merchants" className={linkClass}>
          All merchants
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" data-state="error" className="flex flex-col items-center gap-2 py-12 text-center">
      <p className="text-red-600 dark:text-red-400">This merchant could not be loaded{error ? `: ${error instanceof ClientError ? error.userMessage : error.message}` : '.'}</p>
      <Button onClick={retry}>Retry</Button>
    </div>
  );
}

/** One merchant: flags and what they allow, people, accounts, wallet, stores, KYC and history. */
export default function MerchantPage() {
  const { id = '' } = useParams();
  const businessId = Number(id);
  const valid = Number.isInteger(businessId) && businessId > 0;
  const shown = useCommandQuery(getMerchant, { id: businessId }, { enabled: valid });
  const detail = shown.data;
  const actions = useMerchantActions(detail);
  // Why a key did nothing (an action the merchant's state rules out).
  const [notice, setNotice] = useState<string | null>(null);

  if (!valid) return <NotLoaded notFound error={null} id={id} retry={() => undefined} />;
  if (shown.isPending) return <PageSpinner />;
  if (!detail) {
    const notFound = shown.error instanceof ClientError && shown.error.status === 404;
    return <NotLoaded notFound={notFound} error={shown.error} id={id} retry={() => void shown.refetch()} />;
  }
  const { business } = detail;

  return (
    <div data-page="merchant" data-business-id={business.id} className="min-w-0">
      {actions.map((action) => (
        <ActionShortcut key={action.key} keys={action.key} label={action.label} run={action.unavailable ? () => setNotice(action.unavailable!) : action.run} />
      ))}
      <PageHeader
        title={business.name}
        description={`#${business.id} · ${business.categoryLabel} · ${business.state} · joined ${at(business.createdAt)}`}
        actions={
          actions.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {actions.map((action) => (
                <Button
                  key={action.key}
                  variant={action.variant}
                  data-action={action.command.id}
                  aria-keyshortcuts={action.key}
                  disabled={!!action.unavailable}
                  title={action.unavailable}
                  onClick={action.run}
                >
                  {action.label}
                  <kbd className="ml-1 rounded border border-current/30 px-1 font-mono text-[10px] opacity-60">{action.key}</kbd>
                </Button>
              ))}
            </div>
          ) : undefined
        }
      />
      {notice ? (
        <p role="status" data-testid="action-notice" className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
          {notice}
        </p>
      ) : null}
      <MerchantFlags detail={detail} />

      {/* One column on a phone; minmax(0, 1fr) tracks so a wide table scrolls inside its card. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Section name="business" title="Business">
          <dl className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-2">
            <Field label="Email">{business.email}</Field>
            <Field label="Phone">{business.phone}</Field>
            <Field label="Address">{business.address}</Field>
            <Field label="State">{business.state}</Field>
            <Field label="RC number">{business.rcNumber}</Field>
            <Field label="BVN">{business.bvnLast4 ? `•••••••${business.bvnLast4}` : null}</Field>
            <Field label="Sales agent">{business.salesAgentEmail}</Field>
            <Field label="Open support issues">{String(detail.openSupportIssues)}</Field>
          </dl>
        </Section>

        <Section name="kyc" title="KYC" aside={<span className="text-xs text-zinc-500">latest per type</span>}>
          <DetailTable
            label="KYC"
            rows={detail.kyc}
            rowKey={(record) => record.id}
            empty="No KYC submitted yet."
            columns={[
              {
                label: 'Verification',
                cell: (record) => (
                  <Link to={`/all-verification/${record.id}`} className={linkClass}>
                    {humanize(record.verificationType)}
                    {record.documentType ? ` · ${documentLabel(record.documentType)}` : ''}
                  </Link>
                ),
              },
              { label: 'Status', cell: (record) => <Badge tone={statusTone(record.status)}>{statusLabel(record.status)}</Badge> },
              { label: 'Comment', cell: (record) => record.comment ?? '—' },
              { label: 'Updated', cell: (record) => at(record.updatedAt) },
            ]}
          />
        </Section>

        <Section name="users" title="Users" count={detail.users.length}>
          <DetailTable
            label="Users"
            rows={detail.users}
            rowKey={(user) => user.id}
            empty="No one signs in for this business."
            columns={[
              { label: 'Name', cell: (user) => `${user.firstName} ${user.lastName}` },
              { label: 'Email', cell: (user) => user.email },
              { label: 'Role', cell: (user) => humanize(user.role) },
              { label: 'Status', cell: (user) => <Badge tone={user.status === 'active' ? 'good' : 'warn'}>{humanize(user.status)}</Badge> },
              { label: 'Last sign-in', cell: (user) => at(user.lastLoginAt) },
            ]}
          />
        </Section>

        <Section name="bank-accounts" title="Bank accounts" count={detail.bankAccounts.length}>
          <DetailTable
            label="Bank accounts"
            rows={detail.bankAccounts}
            rowKey={(account) => account.id}
            empty="No bank account added."
            columns={[
              { label: 'Bank', cell: (account) => account.bankName },
              { label: 'Number', cell: (account) => <span className="font-mono tabular-nums">{account.accountNumber}</span> },
              { label: 'Name', cell: (account) => account.accountName },
              { label: 'Use', cell: (account) => (account.isSettlement ? <Badge tone="good">Settlement</Badge> : '—') },
            ]}
          />
        </Section>

        <Section name="wallet" title="Wallet">
          {detail.wallet ? (
            <dl className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-2">
              <Field label="Status">
                <Badge tone={statusTone(detail.wallet.status)}>{humanize(detail.wallet.status)}</Badge>
              </Field>
              <Field label="Wallet id">
                <span className="font-mono text-xs">{detail.wallet.uid}</span>
              </Field>
              <Field label="Reason">{detail.wallet.reason}</Field>
              <Field label="Changed">{detail.wallet.changedAt ? `${at(detail.wallet.changedAt)}${detail.wallet.changedBy ? ` by ${detail.wallet.changedBy.name}` : ''}` : null}</Field>
            </dl>
          ) : (
            <p role="status" data-empty className="px-3 py-4 text-zinc-500 dark:text-zinc-400">
              This business has no wallet: no money can move in or out.
            </p>
          )}
        </Section>

        <Section name="fixed-accounts" title="Fixed accounts" count={detail.fixedAccounts.length}>
          <DetailTable
            label="Fixed accounts"
            rows={detail.fixedAccounts}
            rowKey={(account) => account.id}
            empty="No virtual accounts issued."
            columns={[
              {
                label: 'Number',
                cell: (account) => (
                  <Link to={`/fixed-accounts?search=${encodeURIComponent(account.accountNumber)}`} className={`${linkClass} font-mono tabular-nums`}>
                    {account.accountNumber}
                  </Link>
                ),
              },
              { label: 'Bank', cell: (account) => humanize(account.bank) },
              {
                label: 'State',
                cell: (account) =>
                  account.blacklisted ? (
                    <Badge tone="bad" {...(account.blacklistReason ? { title: account.blacklistReason } : {})}>
                      Blacklisted
                    </Badge>
                  ) : (
                    <Badge tone={statusTone(account.status)}>{humanize(account.status)}</Badge>
                  ),
              },
              { label: 'Last activity', cell: (account) => at(account.lastActivityAt) },
            ]}
          />
        </Section>

        <Section name="stores" title="Stores" count={detail.stores.length}>
          <DetailTable
            label="Stores"
            rows={detail.stores}
            rowKey={(store) => store.id}
            empty="No stores yet."
            columns={[
              { label: 'Name', cell: (store) => store.name },
              { label: 'Address', cell: (store) => store.address || '—' },
              { label: 'State', cell: (store) => stateName(store.stateCode) },
            ]}
          />
        </Section>
      </div>

      <div className="mt-4">
        <Section
          name="history"
          title="History"
          aside={
            <Link to={`/business-logs?businessId=${business.id}`} className={`${linkClass} text-xs`}>
              All history
            </Link>
          }
        >
          <DetailTable
            label="History"
            rows={detail.events}
            rowKey={(event) => event.id}
            empty="Nothing has happened to this business yet."
            columns={[
              { label: 'When', cell: (event) => <span className="whitespace-nowrap">{at(event.at)}</span> },
              { label: 'Event', cell: (event) => <Badge>{humanize(event.kind)}</Badge> },
              { label: 'What happened', cell: (event) => event.message },
              { label: 'By', cell: (event) => event.adminName ?? 'System' },
            ]}
          />
        </Section>
      </div>
    </div>
  );
}
