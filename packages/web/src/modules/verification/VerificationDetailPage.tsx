import { blacklistKycId, getKyc, isFinalKycStatus, updateKycStatus, KYC_ID_TYPES, KYC_STATUS_ACTION, maskIdNumber, type CommandOutput, type KycIdType, type KycReviewStatus, type KycStatus } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { Field } from '../ui/Field';
import { linkClass } from '../ui/linkClass';
import { PageSpinner } from '../ui/PageSpinner';
import { Section } from '../ui/Section';
import { KycDecisionDialog } from './KycDecisionDialog';
import { KycDocuments } from './KycDocuments';
import { KycHistory } from './KycHistory';
import { KycStateMachine } from './KycStateMachine';
import { KycStatusBadge } from './KycStatusBadge';
import { documentLabel, maskedId, statusLabel, verificationLabel } from './kycLabels';
import { listReturnPath } from './listReturnPath';
import { useListNeighbours } from './useListNeighbours';
import { recordPath, viewOf } from './verificationViews';

const at = (iso: string | null) => (iso ? dateTimeFormat.format(new Date(iso)) : '—');
const isIdType = (value: string | null): value is KycIdType => value !== null && (KYC_ID_TYPES as readonly string[]).includes(value);
const withoutEndStop = (text: string) => text.trim().replace(/[.\s]+$/, '');
type Notice = { tone: 'done' | 'refused'; text: string };
const NOTICE_TONE: Record<Notice['tone'], string> = {
  done: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200',
  refused: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200',
};
const PAST: Record<KycReviewStatus, string> = { APPROVED: 'approved', DISAPPROVED: 'disapproved', REJECTED: 'rejected', PROCESSING: 'moved to processing' };

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
  const navigate = useNavigate();
  const shown = useCommandQuery(getKyc, { id: kycId }, { enabled: Number.isInteger(kycId) && kycId > 0 });
  const { allowed, open } = useOpenCommand();
  const [deciding, setDeciding] = useState<KycReviewStatus | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [focusAfter, setFocusAfter] = useState<KycStatus | null>(null);
  const neighbours = useListNeighbours(kycId);
  const data = shown.data;
  const next = new Set<string>(data?.allowedNext ?? []);
  const mayReview = allowed(updateKycStatus);
  // The ID a blacklist may name: the record's own; the business's BVN only when the record carries none.
  const recordId = data && isIdType(data.record.documentType) && data.record.idNumber ? { idType: data.record.documentType, idNumber: data.record.idNumber } : null;
  const mayBlacklist = allowed(blacklistKycId) && !!data && !data.blacklisted;

  useEffect(() => setNotice(null), [kycId]);
  // After a decision: once the page shows the new status (and the dialog has given focus back),
  // focus the next action still open, or the heading; never leave it on <body>.
  const shownStatus = data?.record.status;
  useEffect(() => {
    if (!focusAfter || deciding || shownStatus !== focusAfter) return;
    const timer = setTimeout(() => {
      const page = document.querySelector('[data-page="kyc-record"]');
      const target = page?.querySelector<HTMLElement>('[data-action]:not([data-action="b"])') ?? page?.querySelector<HTMLElement>('h1');
      if (target?.tagName === 'H1') target.tabIndex = -1;
      target?.focus();
      setFocusAfter(null);
    }, 0);
    return () => clearTimeout(timer);
  }, [focusAfter, deciding, shownStatus]);

  /** Why this record cannot move to `to` now, or null when it can. */
  const whyNot = (to: KycReviewStatus): string | null => {
    if (!data) return null;
    const { record } = data;
    const verb = KYC_STATUS_ACTION[to].toLowerCase();
    if (!mayReview) return `You cannot ${verb} KYC records: that needs the kyc.review permission.`;
    if (next.has(to)) return null;
    if (to === 'APPROVED' && data.blacklisted) return `KYC #${record.id} cannot be approved: its ${maskedId(data.blacklisted.idType, data.blacklisted.idNumber)} is blacklisted.`;
    if (isFinalKycStatus(record.status)) return `KYC #${record.id} is ${statusLabel(record.status).toLowerCase()}, which is final: it cannot be changed. The merchant submits a new record to try again.`;
    return `KYC #${record.id} is already ${statusLabel(record.status).toLowerCase()}.`;
  };
  const attempt = (to: KycReviewStatus, run: () => void) => {
    const reason = whyNot(to);
    if (reason) setNotice({ tone: 'refused', text: reason });
    else run();
  };
  const decide = (status: KycReviewStatus) =>
    attempt(status, () => {
      setNotice(null);
      setDeciding(status);
    });
  const reject = () => attempt('REJECTED', () => navigate(`/document-verification/reject/${kycId}`, { state: { from: pathname } }));
  const blacklist = () => {
    if (!data) return;
    const { record, blacklisted } = data;
    if (!mayBlacklist) {
      setNotice({
        tone: 'refused',
        text: blacklisted ? `${maskedId(blacklisted.idType, blacklisted.idNumber)} is already blacklisted.` : 'You cannot blacklist IDs: that needs the kyc.blacklist permission.',
      });
      return;
    }
    const onDone = (output: CommandOutput<typeof blacklistKycId>) => {
      setNotice({ tone: 'done', text: `${maskedId(output.entry.idType, output.entry.idNumber)} is blacklisted.` });
    };
    if (recordId) {
      const willReject = !isFinalKycStatus(record.status);
      open({
        command: blacklistKycId,
        fixed: { id: record.id, idType: recordId.idType, idNumber: recordId.idNumber },
        subject: `Blacklists ${maskedId(recordId.idType, recordId.idNumber)}, the ID on KYC #${record.id} (${record.businessName}). ${
          willReject ? `KYC #${record.id} will be rejected, with the note as its comment.` : `KYC #${record.id} stays ${statusLabel(record.status).toLowerCase()} (final).`
        } Any KYC exemption of a business that used this ID is withdrawn.`,
        onDone,
      });
      return;
    }
    open({
      command: blacklistKycId,
      fixed: { id: record.id, idType: 'BVN' },
      subject: `KYC #${record.id} carries no ID number, so this blacklists the BVN of ${record.businessName}: type it below (it must be the business's BVN). KYC #${record.id} keeps its status; any KYC exemption of a business that used this BVN is withdrawn.`,
      onDone,
    });
  };
  const blacklistLabel = recordId ? `Blacklist ${documentLabel(recordId.idType)}…` : 'Blacklist BVN…';
  const ready = !!data && !deciding;
  useShortcut('a', 'Approve this record', () => decide('APPROVED'), { enabled: ready });
  useShortcut('d', 'Disapprove this record (with a comment)', () => decide('DISAPPROVED'), { enabled: ready });
  useShortcut('p', 'Start processing this record', () => decide('PROCESSING'), { enabled: ready });
  useShortcut('r', 'Reject this record…', reject, { enabled: ready });
  useShortcut('b', recordId ? 'Blacklist its ID number…' : "Blacklist the business's BVN…", blacklist, { enabled: ready });
  useShortcut('j', 'Next record in the list', () => neighbours.next && navigate(recordPath(view, neighbours.next)), { enabled: !deciding && neighbours.next !== undefined });
  useShortcut('k', 'Previous record in the list', () => neighbours.previous && navigate(recordPath(view, neighbours.previous)), { enabled: !deciding && neighbours.previous !== undefined });
  useShortcut('u', 'Back to the list', () => navigate(listReturnPath(view.path)), { enabled: !deciding });

  if (shown.isPending) return <PageSpinner />;
  if (!data) {
    const notFound = shown.error instanceof ClientError && shown.error.status === 404;
    return (
      <div role="alert" className="space-y-2">
        <p className="text-red-600 dark:text-red-400">{notFound ? `KYC record ${id} does not exist.` : `This record could not be loaded${shown.error ? `: ${shown.error instanceof ClientError ? shown.error.userMessage : shown.error.message}` : ''}.`}</p>
        <div className="flex items-center gap-3">
          {notFound ? null : <Button onClick={() => void shown.refetch()}>Retry</Button>}
          <Link className={linkClass} to={view.path}>
            Back to {view.title}
          </Link>
        </div>
      </div>
    );
  }

  const { record, business, documents, history, blacklisted } = data;
  const actions: { key: string; label: string; show: boolean; run: () => void; variant: 'primary' | 'secondary' | 'danger' }[] = [
    { key: 'a', label: 'Approve', show: mayReview && next.has('APPROVED'), run: () => decide('APPROVED'), variant: 'primary' },
    { key: 'p', label: 'Start processing', show: mayReview && next.has('PROCESSING'), run: () => decide('PROCESSING'), variant: 'secondary' },
    { key: 'd', label: 'Disapprove', show: mayReview && next.has('DISAPPROVED'), run: () => decide('DISAPPROVED'), variant: 'secondary' },
    { key: 'r', label: 'Reject…', show: mayReview && next.has('REJECTED'), run: reject, variant: 'danger' },
    { key: 'b', label: blacklistLabel, show: mayBlacklist, run: blacklist, variant: 'secondary' },
  ];
  return (
    <div data-page="kyc-record" data-kyc-id={record.id} data-status={record.status} className="space-y-4">
      <PageHeader
        title={`KYC #${record.id} · ${record.businessName}`}
        description={`${verificationLabel(record.verificationType)}${record.documentType ? ` · ${documentLabel(record.documentType)}` : ''} · submitted ${at(record.submittedAt)}`}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {actions
              .filter((action) => action.show)
              .map((action) => (
                <Button key={action.key} variant={action.variant} data-action={action.key} onClick={action.run} title={`Shortcut: ${action.key}`}>
                  {action.label}
                  <kbd className="ml-1 rounded border border-current/30 px-1 font-mono text-[10px] opacity-70">{action.key}</kbd>
                </Button>
              ))}
          </div>
        }
      />

      <p role="status" aria-live="polite" data-testid="kyc-notice" data-tone={notice?.tone} className={notice ? `rounded-md border p-2.5 ${NOTICE_TONE[notice.tone]}` : 'sr-only'}>
        {notice?.text ?? ''}
      </p>

      {blacklisted ? (
        <p role="alert" data-testid="kyc-blacklisted" className="rounded-md border border-red-300 bg-red-50 p-2.5 text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200">
          {documentLabel(blacklisted.idType)} {blacklisted.idNumber} is blacklisted: “{withoutEndStop(blacklisted.note)}”
          {blacklisted.createdBy ? ` (blacklisted by ${blacklisted.createdBy}, ${at(blacklisted.createdAt)})` : ''}. This record can never be approved.
        </p>
      ) : null}

      <Section name="status" title="Status" aside={<KycStatusBadge status={record.status} />}>
        <div className="space-y-3 p-3">
          <KycStateMachine
            status={record.status}
            allowedNext={data.allowedNext}
            blockedReason={blacklisted ? `${documentLabel(blacklisted.idType)} ${maskIdNumber(blacklisted.idNumber)} is blacklisted` : undefined}
            onMove={mayReview ? (to) => (to === 'REJECTED' ? reject() : decide(to)) : undefined}
          />
          {record.comment ? <p className="whitespace-pre-line text-zinc-700 dark:text-zinc-300">“{record.comment}”</p> : null}
        </div>
      </Section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section name="record" title="Record">
          <dl className="grid grid-cols-2 gap-3 p-3">
            <Field label="Type">{verificationLabel(record.verificationType)}</Field>
            <Field label="Document">{documentLabel(record.documentType)}</Field>
            <Field label="ID number">{record.idNumber ? <span className="font-mono">{record.idNumber}</span> : null}</Field>
            <Field label="Details">{record.detail}</Field>
            <Field label="Submitted">{at(record.submittedAt)}</Field>
            <Field label="Reviewed">{record.reviewedBy ? `${record.reviewedBy.name || record.reviewedBy.email}, ${at(record.reviewedAt)}` : null}</Field>
          </dl>
        </Section>
        <Section
          name="business"
          title="Business"
          aside={
            <Link className={`${linkClass} text-sm`} to={`/merchants/${business.id}`}>
              Open merchant
            </Link>
          }
        >
          <dl className="grid grid-cols-2 gap-3 p-3">
            <Field label="Name">
              <Link className={linkClass} to={`/merchants/${business.id}`}>
                {business.name}
              </Link>
            </Field>
            <Field label="Email">{business.email}</Field>
            <Field label="Phone">{business.phone}</Field>
            <Field label="RC number">{business.rcNumber}</Field>
            <Field label="KYC override">
              {business.kycExempt ? 'Exempt from KYC' : business.bvnExempt ? 'Exempt from the BVN check' : 'None'}
              {business.kycOverrideBy ? ` (${business.kycOverrideBy.name || business.kycOverrideBy.email}, ${at(business.kycOverrideAt)})` : ''}
            </Field>
            <Field label="Fraud">{business.isFraud ? <span className="font-medium text-red-600 dark:text-red-400">Marked as fraud</span> : 'No'}</Field>
          </dl>
        </Section>
      </div>

      <Section name="documents" title={`Documents (${documents.length})`}>
        <KycDocuments documents={documents} />
      </Section>

      <Section name="history" title="History">
        <KycHistory events={history} />
      </Section>

      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {neighbours.next !== undefined || neighbours.previous !== undefined ? 'j / k: next or previous record of the list · ' : ''}u: back to {view.title} · ?: every shortcut
      </p>

      <KycDecisionDialog
        record={record}
        status={deciding}
        onClose={() => setDeciding(null)}
        onDone={(output) => {
          const to = output.record.status;
          setNotice({ tone: 'done', text: `KYC #${record.id} ${PAST[to as KycReviewStatus] ?? statusLabel(to).toLowerCase()}.` });
          setFocusAfter(to);
        }}
      />
    </div>
  );
}
