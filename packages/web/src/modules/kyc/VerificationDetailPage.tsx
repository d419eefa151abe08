import { getKyc } from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { client } from '../../app/client';
import { useCommandQuery } from '../list/useCommandQuery';
import { useReviewArrival } from '../review-queue/useReviewArrival';
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
import { useKycQueue } from './useKycQueue';
import { viewOf } from './verificationViews';

/**
 * One KYC record (All, Document, Address and Corporate detail pages): the record, its business,
 * its documents, its history and the state machine with the moves open to it. Keys: `a` approve,
 * `d` disapprove, `p` start processing, `r` reject, `b` blacklist its ID, `j`/`k` the next or
 * previous record of its queue (the list it was opened from, or the one it belongs to), `u` that
 * list. A review key the record cannot take says why in the page's status line instead of doing
 * nothing. A decision opens the next record of the queue, its status line saying what was done and
 * focus on its decision buttons; after the last, the list says so. Starting processing stays here.
 */
export default function VerificationDetailPage() {
  const { id = '' } = useParams();
  const kycId = Number(id);
  const { pathname } = useLocation();
  const view = viewOf(pathname);
  const shown = useCommandQuery(getKyc, { id: kycId }, { enabled: Number.isInteger(kycId) && kycId > 0 });
  const data = shown.data;
  const queue = useKycQueue(kycId, view, data?.record);
  const [notice, setNotice] = useState<KycNotice | null>(null);
  const decisions = useKycDecisions(kycId, data, setNotice, queue.advance);
  const blacklist = useKycBlacklist(data, setNotice, queue.advance);
  const deciding = decisions.deciding !== null;
  const arrival = useReviewArrival(!!data && !deciding);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opening another record replaces the notice about the previous one with what the queue said.
  useEffect(() => setNotice(arrival ? { tone: 'done', text: arrival } : null), [kycId, arrival]);

  // The next record is read while this one is reviewed, so deciding opens it at once.
  const queryClient = useQueryClient();
  const { next } = queue;
  useEffect(() => {
    if (next !== undefined)
      void queryClient.prefetchQuery({ queryKey: [getKyc.id, { id: next }], queryFn: ({ signal }) => client.call(getKyc, { id: next }, { signal }) });
  }, [next, queryClient]);

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
      queue={queue}
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

        <p data-testid="kyc-queue" className="text-xs text-zinc-500 dark:text-zinc-400">
          {queue.position ? `Record ${queue.position.at} of ${queue.position.total} in the list · ` : ''}
          {queue.next !== undefined || queue.previous !== undefined ? 'j / k: next or previous record · ' : ''}u: back to {view.title} · ?: every shortcut
        </p>

        <KycDecisionDialog record={record} status={decisions.deciding} onClose={decisions.cancel} onDone={decisions.decided} />
      </div>
    </>
  );
}
