import { businessKycRecords, listKycBlacklist, normaliseIdNumber, overrideKyc, type CommandOutput, type KycRecord } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { client } from '../../app/client';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useRunCommand } from '../commands/useRunCommand';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { linkClass } from '../ui/linkClass';
import { documentLabel, maskedId, verificationLabel } from './kycLabels';
import { KycStatusBadge } from './KycStatusBadge';
import { MerchantPicker } from './MerchantPicker';
import { recordPath, viewForType } from './verificationViews';

type Exemption = { key: 'kyc' | 'bvn'; label: string; what: string; kycType?: 'bvn' };
const EXEMPTIONS: readonly Exemption[] = [
  { key: 'kyc', label: 'KYC', what: 'KYC altogether' },
  { key: 'bvn', label: 'BVN check', what: 'the BVN check only', kycType: 'bvn' },
];

/**
 * The blacklisted IDs among a merchant's KYC records, looked up in the blacklist (one small query
 * per record carrying an ID). The business's own BVN is not sent to the console, so a blacklisted
 * BVN is only known when the server refuses; its message is shown then.
 */
function useBlacklistedIds(records: readonly KycRecord[]) {
  const withIds = records.filter((record) => record.documentType && record.idNumber);
  const answers = useQueries({
    queries: withIds.map((record) => {
      const input = { page: 1, search: record.idNumber! };
      return {
        queryKey: [listKycBlacklist.id, input],
        queryFn: ({ signal }: { signal: AbortSignal }) => client.call(listKycBlacklist, input, { signal }) as Promise<CommandOutput<typeof listKycBlacklist>>,
      };
    }),
  });
  const found = new Map<string, string>();
  withIds.forEach((record, index) => {
    const wanted = normaliseIdNumber(record.idNumber!);
    for (const entry of answers[index]?.data?.items ?? []) {
      if (entry.idType === record.documentType && normaliseIdNumber(entry.idNumber) === wanted)
        found.set(`${entry.idType} ${wanted}`, maskedId(entry.idType, entry.idNumber));
    }
  });
  return { ids: [...found.values()], checking: answers.some((answer) => answer.isPending) };
}

/**
 * KYC Override Portal: find a merchant, see their KYC, and turn the KYC or BVN exemption on or
 * off (kyc.override), confirmed in place: the card says what the exemption does, and a merchant
 * who has used a blacklisted ID is told it cannot be exempted instead of being offered it. The
 * merchant stays in the URL (`?business=42`).
 */
export default function KycOverridePage() {
  const [params, setParams] = useSearchParams();
  const businessId = Number(params.get('business'));
  const picked = Number.isInteger(businessId) && businessId > 0;
  const shown = useCommandQuery(businessKycRecords, { id: businessId }, { enabled: picked });
  const { allowed } = useOpenCommand();
  const mayOverride = allowed(overrideKyc);
  const run = useRunCommand(overrideKyc);
  const blacklisted = useBlacklistedIds(shown.data?.items ?? []);
  const [confirming, setConfirming] = useState<{ key: Exemption['key']; isexempt: boolean } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'done' | 'failed'; text: string } | null>(null);

  const send = (exemption: Exemption, isexempt: boolean) => {
    if (!shown.data || run.isPending) return;
    run.mutate(
      { businessId: shown.data.business.id, isexempt, ...(exemption.kycType ? { kycType: exemption.kycType } : {}) },
      {
        onSuccess: (output) => {
          setConfirming(null);
          setNotice({ tone: 'done', text: `${output.message}.` });
        },
        onError: (failure) => {
          setConfirming(null);
          setNotice({ tone: 'failed', text: failure instanceof ClientError ? failure.userMessage : String(failure) });
        },
      },
    );
  };

  return (
    <div data-page="kyc-override" className="space-y-4">
      <PageHeader
        title="KYC Override Portal"
        description="Exempt a merchant from KYC, or from the BVN check only. A merchant who has used a blacklisted ID cannot be exempted."
        actions={
          <Link className={`${linkClass} text-sm`} to="/merchants?kyc_override=true" data-testid="exempt-merchants">
            Merchants already exempt
          </Link>
        }
      />
      <MerchantPicker
        onPick={(merchant) => {
          setConfirming(null);
          setNotice(null);
          setParams({ business: String(merchant.id) });
        }}
      />
      {!picked ? null : shown.isPending ? (
        <PageSpinner />
      ) : !shown.data ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {shown.error instanceof ClientError ? shown.error.userMessage : 'This merchant could not be loaded.'}
        </p>
      ) : (
        <section
          data-section="override"
          data-business={shown.data.business.id}
          className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <header className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-base font-semibold">
              <Link className={linkClass} to={`/merchants/${shown.data.business.id}`}>
                {shown.data.business.name}
              </Link>{' '}
              <span className="text-sm font-normal text-zinc-500">
                #{shown.data.business.id} · {shown.data.business.email}
              </span>
            </h2>
            {shown.data.business.kycOverrideBy ? (
              <span className="text-xs text-zinc-500">
                Last changed by {shown.data.business.kycOverrideBy.name || shown.data.business.kycOverrideBy.email}
                {shown.data.business.kycOverrideAt ? `, ${dateTimeFormat.format(new Date(shown.data.business.kycOverrideAt))}` : ''}
              </span>
            ) : null}
          </header>
          <p
            role="status"
            aria-live="polite"
            data-testid="override-notice"
            data-tone={notice?.tone}
            className={notice ? (notice.tone === 'done' ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300') : 'sr-only'}
          >
            {notice?.text ?? ''}
          </p>
          {blacklisted.ids.length > 0 ? (
            <p
              role="alert"
              data-testid="override-blacklisted"
              className="rounded-md border border-red-300 bg-red-50 p-2.5 text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
            >
              This merchant cannot be exempted: it has used blacklisted ID{blacklisted.ids.length > 1 ? 's' : ''} {blacklisted.ids.join(', ')}. Blacklisted IDs
              never pass KYC, so an exemption is not allowed.
            </p>
          ) : null}
          <dl className="grid gap-3 sm:grid-cols-2">
            {EXEMPTIONS.map((exemption) => {
              const exempt = exemption.key === 'bvn' ? shown.data.business.bvnExempt : shown.data.business.kycExempt;
              const asking = confirming?.key === exemption.key;
              const blocked = !exempt && blacklisted.ids.length > 0;
              return (
                <div
                  key={exemption.key}
                  data-exemption={exemption.key}
                  data-exempt={exempt}
                  className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
                >
                  <div className="flex items-center justify-between gap-3">
                    <div>
                      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{exemption.label}</dt>
                      <dd className="font-medium">{exempt ? 'Exempt' : 'Required'}</dd>
                    </div>
                    {!mayOverride || asking ? null : blocked ? (
                      <span data-testid="exempt-blocked" className="text-xs text-red-700 dark:text-red-300">
                        Cannot be exempted: blacklisted ID
                      </span>
                    ) : (
                      <Button
                        variant={exempt ? 'secondary' : 'danger'}
                        disabled={blacklisted.checking && !exempt}
                        onClick={() => {
                          setNotice(null);
                          setConfirming({ key: exemption.key, isexempt: !exempt });
                        }}
                      >
                        {exempt ? 'Remove exemption…' : 'Exempt…'}
                      </Button>
                    )}
                  </div>
                  {asking && confirming ? (
                    <div
                      role="group"
                      aria-label="Confirm"
                      data-confirm={exemption.key}
                      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-2.5 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
                    >
                      <p>
                        {confirming.isexempt
                          ? `${shown.data.business.name} will be exempt from ${exemption.what}. The change is recorded in its history with your name.`
                          : `${shown.data.business.name} will need to pass ${exemption.what === 'KYC altogether' ? 'KYC' : 'the BVN check'} again.`}
                      </p>
                      <div className="flex justify-end gap-2">
                        <Button onClick={() => setConfirming(null)}>Cancel</Button>
                        <Button
                          variant={confirming.isexempt ? 'danger' : 'primary'}
                          autoFocus
                          disabled={run.isPending}
                          onClick={() => send(exemption, confirming.isexempt)}
                        >
                          {run.isPending ? 'Saving…' : confirming.isexempt ? `Exempt from ${exemption.label}` : 'Remove exemption'}
                        </Button>
                      </div>
                    </div>
                  ) : null}
                </div>
              );
            })}
          </dl>
          <div>
            <h3 className="mb-2 text-sm font-semibold">KYC records</h3>
            {shown.data.items.length === 0 ? (
              <p className="text-zinc-500">This merchant has submitted no KYC records.</p>
            ) : (
              <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {shown.data.items.map((record) => (
                  <li key={record.id} data-record={record.id} className="flex flex-wrap items-center gap-2 py-1.5">
                    <Link className={linkClass} to={recordPath(viewForType(record.verificationType), record.id)}>
                      #{record.id}
                    </Link>
                    <span>{verificationLabel(record.verificationType)}</span>
                    {record.documentType ? <span className="text-zinc-500 dark:text-zinc-400">{documentLabel(record.documentType)}</span> : null}
                    <KycStatusBadge status={record.status} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
