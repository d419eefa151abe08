import { getKyc } from '@traction/core';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useCommandQuery } from '../list/useCommandQuery';
import { formatDateTime } from '../ui/formatDateTime';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { Section } from '../ui/Section';
import { KycBlacklistedAlert } from './KycBlacklistedAlert';
import { KycBusinessSection } from './KycBusinessSection';
import { KycDecisionDialog } from './KycDecisionDialog';
import { KycDocuments } from './KycDocuments';
import { KycHistory } from './KycHistory';
import { documentLabel, verificationLabel } from './kycLabels';
import type { KycNotice } from './KycNotice';
import { KycNoticeLine } from './KycNoticeLine';
import { KycRecordActions } from './KycRecordActions';
import { KycRecordNotLoaded } from './KycRecordNotLoaded';
import { KycRecordSection } from './KycRecordSection';
import { KycRecordShortcutsEffect } from './KycRecordShortcutsEffect';
import { KycStatusSection } from './KycStatusSection';
import { useKycBlacklist } from './useKycBlacklist';
import { useKycDecisions } from './useKycDecisions';
import { useListNeighbours } from './useListNeighbours';
import { viewOf } from './verificationViews';

/**
 * One KYC record (All, Document, Address and Corporate detail pages): the record, its business,
 * its documents, its history and the state machine with the moves open to it. Keys: `a` approve,
 * `d` disapprove, `p` start processing, `r` reject, `b` blacklist its ID, `j`/`k` the next or
 * previous record of the list it was opened from. A review key the record cannot take says why
 * in the page's status line instead of doing nothing; after a decision that line says what was
 * done and focus goes to the next action left, or the page heading.
 */
export default function VerificationDetailPage() {
  const { id = '' } = useParams();
  const kycId = Number(id);
  const { pathname } = useLocation();
  const view = viewOf(pathname);
  const shown = useCommandQuery(getKyc, { id: kycId }, { enabled: Number.isInteger(kycId) && kycId > 0 });
  const data = shown.data;
  const [notice, setNotice] = useState<KycNotice | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opening another record clears the notice about the previous one.
  useEffect(() => setNotice(null), [kycId]);
  const decisions = useKycDecisions(kycId, data, setNotice);
  const blacklist = useKycBlacklist(data, setNotice);
  const neighbours = useListNeighbours(kycId);
  const deciding = decisions.deciding !== null;

  // The same element first in every branch, so the keys stay bound from spinner to record.
  const shortcuts = (
    <KycRecordShortcutsEffect
      view={view}
      ready={!!data && !deciding}
      deciding={deciding}
      decide={decisions.decide}
      reject={decisions.reject}
      blacklist={blacklist.blacklist}
      blacklistLabel={blacklist.shortcutLabel}
      neighbours={neighbours}
    />
  );
  if (shown.isPending) {
    return (
      <>
        {shortcuts}
        <PageSpinner />
      </>
    );
  }
  if (!data) {
    return (
      <>
        {shortcuts}
        <KycRecordNotLoaded id={id} error={shown.error} view={view} retry={() => void shown.refetch()} />
      </>
    );
  }

  const { record, business, documents, history, blacklisted } = data;
  return (
    <>
      {shortcuts}
      <div data-page="kyc-record" data-kyc-id={record.id} data-status={record.status} className="space-y-4">
        <PageHeader
          title={`KYC #${record.id} · ${record.businessName}`}
          description={`${verificationLabel(record.verificationType)}${record.documentType ? ` · ${documentLabel(record.documentType)}` : ''} · submitted ${formatDateTime(record.submittedAt)}`}
          actions={
            <KycRecordActions mayReview={decisions.mayReview} next={decisions.next} decide={decisions.decide} reject={decisions.reject} blacklist={blacklist} />
          }
        />

        <KycNoticeLine notice={notice} />
        {blacklisted ? <KycBlacklistedAlert blacklisted={blacklisted} /> : null}

        <KycStatusSection data={data} onMove={decisions.mayReview ? (to) => (to === 'REJECTED' ? decisions.reject() : decisions.decide(to)) : undefined} />

        <div className="grid gap-4 lg:grid-cols-2">
          <KycRecordSection record={record} />
          <KycBusinessSection business={business} />
        </div>

        <Section name="documents" title={`Documents (${documents.length})`}>
          <KycDocuments documents={documents} />
        </Section>

        <Section name="history" title="History">
          <KycHistory events={history} />
        </Section>

        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {neighbours.next !== undefined || neighbours.previous !== undefined ? 'j / k: next or previous record of the list · ' : ''}u: back to {view.title} ·
          ?: every shortcut
        </p>

        <KycDecisionDialog record={record} status={decisions.deciding} onClose={decisions.cancel} onDone={decisions.decided} />
      </div>
    </>
  );
}
