import { getKyc, type KycReviewStatus, type KycStatus } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { dateTimeFormat, humanize } from '../list/formatCell';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { KycDecisionDialog } from './KycDecisionDialog';
import { KycDocuments } from './KycDocuments';
import { KycHistory } from './KycHistory';
import { KycStateMachine } from './KycStateMachine';
import { KycStatusBadge } from './KycStatusBadge';
import { listReturnPath } from './listReturnPath';
import { useListNeighbours } from './useListNeighbours';
import { recordPath, viewOf } from './verificationViews';

const at = (iso: string | null) => (iso ? dateTimeFormat.format(new Date(iso)) : '—');
const linkClass = 'text-accent-700 underline-offset-2 hover:underline dark:text-accent-400';

function Section({ name, title, aside, children }: { name: string; title: string; aside?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-section={name} className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <header className="flex items-center justify-between gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <h2 id={headingId} className="text-sm font-semibold">
          {title}
        </h2>
        {aside}
      </header>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="break-words">{children || '—'}</dd>
    </div>
  );
}

/**
 * One KYC record (All, Document, Address and Corporate detail pages): the record, its business,
 * its documents, its history and the state machine with the moves open to it. Keys: `a` approve,
 * `d` disapprove, `p` start processing, `r` reject, `b` blacklist its ID, `j`/`k` the next or
 * previous record of the list it was opened from.
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
  const neighbours = useListNeighbours(kycId);
  const data = shown.data;
  const next = new Set<string>(data?.allowedNext ?? []);
  const mayReview = allowed('kyc.status.update');
  const mayBlacklist = allowed('kyc.blacklist') && !!data?.record.idNumber && !data?.blacklisted;

  const decide = (status: KycReviewStatus) => {
    if (data && mayReview && next.has(status)) setDeciding(status);
  };
  const reject = () => {
    if (data && mayReview && next.has('REJECTED')) navigate(`/document-verification/reject/${kycId}`, { state: { from: pathname } });
  };
  const blacklist = () => {
    if (!data || !mayBlacklist) return;
    const { record } = data;
    open({
      commandId: 'kyc.blacklist',
      fixed: { id: record.id },
      initial: { idType: record.documentType ?? undefined, idNumber: record.idNumber ?? undefined },
      subject: `${record.documentType ?? 'ID'} ${record.idNumber} from KYC #${record.id}, ${record.businessName}`,
    });
  };
  const ready = !!data && !deciding;
  useShortcut('a', 'Approve this record', () => decide('APPROVED'), { enabled: ready && mayReview && next.has('APPROVED') });
  useShortcut('d', 'Disapprove this record (with a comment)', () => decide('DISAPPROVED'), { enabled: ready && mayReview && next.has('DISAPPROVED') });
  useShortcut('p', 'Start processing this record', () => decide('PROCESSING'), { enabled: ready && mayReview && next.has('PROCESSING') });
  useShortcut('r', 'Reject this record…', reject, { enabled: ready && mayReview && next.has('REJECTED') });
  useShortcut('b', 'Blacklist its ID number…', blacklist, { enabled: ready && mayBlacklist });
  useShortcut('j', 'Next record in the list', () => neighbours.next && navigate(recordPath(view, neighbours.next)), { enabled: !deciding && neighbours.next !== undefined });
  useShortcut('k', 'Previous record in the list', () => neighbours.previous && navigate(recordPath(view, neighbours.previous)), { enabled: !deciding && neighbours.previous !== undefined });
  useShortcut('u', 'Back to the list', () => navigate(listReturnPath(view.path)), { enabled: !deciding });

  const visited = useMemo(() => new Set<KycStatus>((data?.history ?? []).flatMap((e) => [e.toStatus, ...(e.fromStatus ? [e.fromStatus] : [])])), [data?.history]);

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
    { key: 'b', label: 'Blacklist ID…', show: mayBlacklist, run: blacklist, variant: 'secondary' },
  ];
  return (
    <div data-page="kyc-record" data-kyc-id={record.id} data-status={record.status} className="space-y-4">
      <PageHeader
        title={`KYC #${record.id} · ${record.businessName}`}
        description={`${humanize(record.verificationType.toLowerCase())} verification${record.documentType ? ` · ${record.documentType}` : ''} · submitted ${at(record.submittedAt)}`}
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

      {blacklisted ? (
        <p role="alert" data-testid="kyc-blacklisted" className="rounded-md border border-red-300 bg-red-50 p-2.5 text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200">
          {blacklisted.idType} {blacklisted.idNumber} is blacklisted ({blacklisted.note}
          {blacklisted.createdBy ? `, by ${blacklisted.createdBy}` : ''}): this record can never be approved.
        </p>
      ) : null}

      <Section name="status" title="Status" aside={<KycStatusBadge status={record.status} />}>
        <div className="space-y-3 p-3">
          <KycStateMachine status={record.status} allowedNext={data.allowedNext} visited={visited} />
          {record.comment ? <p className="whitespace-pre-line text-zinc-700 dark:text-zinc-300">“{record.comment}”</p> : null}
        </div>
      </Section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section name="record" title="Record">
          <dl className="grid grid-cols-2 gap-3 p-3">
            <Field label="Type">{humanize(record.verificationType.toLowerCase())}</Field>
            <Field label="Document">{record.documentType ? humanize(record.documentType) : null}</Field>
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

      <KycDecisionDialog record={record} status={deciding} onClose={() => setDeciding(null)} />
    </div>
  );
}
