import { businessKycRecords } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { Link, useSearchParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { dateTimeFormat } from '../list/formatCell';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { KycStatusBadge } from './KycStatusBadge';
import { MerchantPicker } from './MerchantPicker';
import { recordPath, viewForType } from './verificationViews';

const linkClass = 'text-accent-700 underline-offset-2 hover:underline dark:text-accent-400';

/**
 * KYC Override Portal: find a merchant, see their KYC, and turn the KYC or BVN exemption on or
 * off (kyc.override, confirmed). The merchant stays in the URL (`?business=42`).
 */
export default function KycOverridePage() {
  const [params, setParams] = useSearchParams();
  const businessId = Number(params.get('business'));
  const picked = Number.isInteger(businessId) && businessId > 0;
  const shown = useCommandQuery(businessKycRecords, { id: businessId }, { enabled: picked });
  const { allowed, open } = useOpenCommand();
  const mayOverride = allowed('kyc.override');

  const toggle = (kycType: 'bvn' | undefined, isexempt: boolean) => {
    if (!shown.data) return;
    const { business } = shown.data;
    open({
      commandId: 'kyc.override',
      fixed: { businessId: business.id, isexempt, ...(kycType ? { kycType } : {}) },
      subject: `${business.name} (#${business.id}): ${isexempt ? 'exempt from' : 'no longer exempt from'} ${kycType ? 'the BVN check' : 'KYC'}`,
    });
  };

  return (
    <div data-page="kyc-override" className="space-y-4">
      <PageHeader title="KYC Override Portal" description="Exempt a merchant from KYC, or from the BVN check only. A merchant who has used a blacklisted ID cannot be exempted." />
      <MerchantPicker onPick={(merchant) => setParams({ business: String(merchant.id) })} />
      {!picked ? null : shown.isPending ? (
        <PageSpinner />
      ) : !shown.data ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {shown.error instanceof ClientError ? shown.error.userMessage : 'This merchant could not be loaded.'}
        </p>
      ) : (
        <section data-section="override" data-business={shown.data.business.id} className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
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
          <dl className="grid gap-3 sm:grid-cols-2">
            {(
              [
                ['KYC', undefined, shown.data.business.kycExempt],
                ['BVN check', 'bvn', shown.data.business.bvnExempt],
              ] as const
            ).map(([label, kycType, exempt]) => (
              <div key={label} data-exemption={kycType ?? 'kyc'} data-exempt={exempt} className="flex items-center justify-between gap-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
                <div>
                  <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
                  <dd className="font-medium">{exempt ? 'Exempt' : 'Required'}</dd>
                </div>
                {mayOverride ? (
                  <Button variant={exempt ? 'secondary' : 'danger'} onClick={() => toggle(kycType, !exempt)}>
                    {exempt ? 'Remove exemption' : 'Exempt'}
                  </Button>
                ) : null}
              </div>
            ))}
          </dl>
          <div>
            <h3 className="mb-2 text-sm font-semibold">KYC records</h3>
            {shown.data.items.length === 0 ? (
              <p className="text-zinc-500">This merchant has submitted no KYC records.</p>
            ) : (
              <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {shown.data.items.map((record) => (
                  <li key={record.id} className="flex flex-wrap items-center gap-2 py-1.5">
                    <Link className={linkClass} to={recordPath(viewForType(record.verificationType), record.id)}>
                      #{record.id}
                    </Link>
                    <span>{record.verificationType.toLowerCase()}</span>
                    {record.documentType ? <span className="text-zinc-500">{record.documentType}</span> : null}
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
