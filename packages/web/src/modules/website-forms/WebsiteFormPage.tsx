import {
  CHARGEBACK_CLAIMANT_WORDS,
  formatNaira,
  getWebsiteForm,
  getWebsiteFormEvidence,
  HELP_DESK_STATE_WORDS,
  listWebsiteForms,
  WEBSITE_FORM_KIND_WORDS,
  WEBSITE_FORM_STATUS_WORDS,
  type WebsiteFormDetail,
} from '@traction/core';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { client } from '../../app/client';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useShortcut } from '../keyboard/useShortcut';
import { useCommandQuery } from '../list/useCommandQuery';
import { Badge, type BadgeTone } from '../ui/Badge';
import { ChangeLogSection } from '../ui/ChangeLogSection';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';
import { ShortcutButtons } from '../ui/ShortcutButtons';
import { useWebsiteFormActions } from './useWebsiteFormActions';

const STATUS_TONES: Record<WebsiteFormDetail['status'], BadgeTone> = { NEW: 'warn', ASSIGNED: 'neutral', REPLIED: 'neutral', RESOLVED: 'good' };
const HELP_DESK_TONES: Record<NonNullable<WebsiteFormDetail['helpDeskState']>, BadgeTone> = {
  PENDING: 'neutral',
  RETRYING: 'warn',
  DELIVERED: 'good',
  REFUSED: 'bad',
};
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** The evidence's bytes as an object URL, fetched with the session (a link to the API could not send the token); revoked when it leaves the screen. */
function useEvidenceFile(form: WebsiteFormDetail | undefined) {
  const query = useQuery({
    queryKey: [getWebsiteFormEvidence.id, form?.id],
    queryFn: async ({ signal }) => {
      const response = await client.download(getWebsiteFormEvidence, { id: form!.id }, { signal });
      const type = response.headers.get('content-type') ?? 'application/octet-stream';
      return URL.createObjectURL(new Blob([await new Response(response.body).arrayBuffer()], { type }));
    },
    enabled: !!form?.evidence,
    staleTime: Infinity,
    gcTime: 0,
  });
  const url = query.data;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return query;
}

/**
 * One website form submission: who sent it and what they wrote, a chargeback's slip details, the
 * payment it matched (a link to its payment log) and its evidence, a support request's hand-over
 * to the help desk, and its change log. Actions by key: a assign, r reply, s resolve; u all
 * submissions, p the linked payment.
 */
export default function WebsiteFormPage() {
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const valid = Number.isSafeInteger(id) && id > 0;
  const shown = useCommandQuery(getWebsiteForm, { id }, { enabled: valid });
  const form = shown.data;
  const buttons = useWebsiteFormActions(form);
  const permissions = useAtomValue(permissionSetAtom);
  const navigate = useNavigate();
  const evidence = useEvidenceFile(form);
  const mayPayments = permissions.has('payments.view');
  const paymentId = form?.payment?.id ?? null;
  useShortcut('u', 'All website form submissions', () => navigate('/website-forms'), { enabled: permissions.has(listWebsiteForms.permission ?? '') });
  useShortcut('p', 'The payment this chargeback names', () => paymentId !== null && navigate(`/payments-logs/${paymentId}`), {
    enabled: paymentId !== null && mayPayments,
  });

  if (valid && shown.isPending) return <PageSpinner />;
  if (!form) {
    return (
      <RecordNotLoaded
        valid={valid}
        error={shown.error}
        missing={`There is no website form submission #${raw}.`}
        failed="This submission could not be loaded"
        retry={() => void shown.refetch()}
      />
    );
  }
  const chargeback = form.kind === 'CHARGEBACK';
  const facts: [string, ReactNode][] = [
    ['From', `${form.name}${form.claimant ? ` (${CHARGEBACK_CLAIMANT_WORDS[form.claimant].toLowerCase()})` : ''}`],
    [
      'Email',
      <a key="email" className={linkClass} href={`mailto:${form.email}`}>
        {form.email}
      </a>,
    ],
    ['Phone', form.phone],
    ['Business', form.businessName ?? '—'],
    ['Arrived', formatDateTime(form.createdAt)],
    ['Assigned to', form.assigneeName ?? 'No one yet'],
    ...(chargeback
      ? ([
          ['Amount', form.amount === null ? '—' : formatNaira(form.amount)],
          ['Payment day', form.transactionDate ?? '—'],
          ['RRN', form.rrn ?? '—'],
          ['Terminal ID', form.terminalId ?? '—'],
        ] as [string, ReactNode][])
      : ([['Subject', form.subject]] as [string, ReactNode][])),
    ...(form.resolution
      ? ([['Resolution', `${form.resolution}${form.resolvedAt ? ` (${formatDateTime(form.resolvedAt)})` : ''}`]] as [string, ReactNode][])
      : []),
  ];

  return (
    <div className="max-w-5xl space-y-4" data-page="website-form" data-form-id={form.id} data-status={form.status}>
      <PageHeader
        title={`${WEBSITE_FORM_KIND_WORDS[form.kind]} ${form.reference} · ${form.name}`}
        description={chargeback ? form.subject : `Support request · ${form.subject}`}
        actions={<ShortcutButtons buttons={buttons} focusHome />}
      />
      <section
        aria-label="Status now"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <span data-testid="website-form-status">
          <Badge tone={STATUS_TONES[form.status]}>{WEBSITE_FORM_STATUS_WORDS[form.status]}</Badge>
        </span>
        {form.helpDesk ? (
          <span data-testid="help-desk-state" data-state={form.helpDesk.state} className="flex items-center gap-2">
            <Badge tone={HELP_DESK_TONES[form.helpDesk.state]}>Help desk: {HELP_DESK_STATE_WORDS[form.helpDesk.state]}</Badge>
            <span className="text-sm text-zinc-500 dark:text-zinc-400">
              {form.helpDesk.ticket
                ? `Ticket ${form.helpDesk.ticket}${form.helpDesk.deliveredAt ? `, opened ${formatDateTime(form.helpDesk.deliveredAt)}` : ''}`
                : null}
              {form.helpDesk.state === 'RETRYING' && form.helpDesk.nextAttemptAt
                ? `${form.helpDesk.attempts} attempt${form.helpDesk.attempts === 1 ? '' : 's'} so far; next at ${formatDateTime(form.helpDesk.nextAttemptAt)}. ${form.helpDesk.lastError ?? ''}`
                : null}
              {form.helpDesk.state === 'REFUSED' ? `${form.helpDesk.lastError ?? ''} Reply to the sender from here instead.` : null}
            </span>
          </span>
        ) : null}
      </section>
      <dl
        className="grid gap-x-4 gap-y-1 rounded-lg border border-zinc-200 p-3 text-sm sm:grid-cols-[auto_1fr] dark:border-zinc-800"
        data-testid="website-form-facts"
      >
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-500">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Section name="message" title={chargeback ? 'What happened' : 'Message'}>
        <p className="whitespace-pre-wrap" data-testid="website-form-message">
          {form.message}
        </p>
      </Section>
      {chargeback ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Section name="payment" title="Payment">
            {form.payment ? (
              <div className="space-y-1 text-sm" data-testid="linked-payment">
                <p>
                  {mayPayments ? (
                    <Link className={linkClass} to={`/payments-logs/${form.payment.id}`} aria-keyshortcuts="p">
                      {form.payment.reference}
                    </Link>
                  ) : (
                    form.payment.reference
                  )}{' '}
                  · {formatNaira(form.payment.amount)} · {form.payment.status.toLowerCase()}
                </p>
                <p className="text-zinc-500 dark:text-zinc-400">
                  {form.payment.businessName} · terminal {form.payment.terminalId ?? '—'} · RRN {form.payment.rrn} · {formatDateTime(form.payment.createdAt)}
                </p>
              </div>
            ) : (
              <p className="text-zinc-500 dark:text-zinc-400">No payment in the logs matches the RRN or the terminal, amount and day given.</p>
            )}
          </Section>
          <Section name="evidence" title="Evidence">
            {form.evidence ? (
              <div className="space-y-2 text-sm" data-testid="evidence">
                <p>
                  {form.evidence.fileName} · {size(form.evidence.sizeBytes)}
                </p>
                {evidence.data ? (
                  form.evidence.contentType.startsWith('image/') ? (
                    <img src={evidence.data} alt={`Evidence of ${form.reference}`} className="max-h-64 max-w-full object-contain" />
                  ) : (
                    <a className={linkClass} href={evidence.data} target="_blank" rel="noopener noreferrer">
                      Open the PDF
                    </a>
                  )
                ) : evidence.isError ? (
                  <p className="text-red-600">The file could not be loaded.</p>
                ) : (
                  <p className="text-zinc-500">Loading…</p>
                )}
              </div>
            ) : (
              <p className="text-zinc-500 dark:text-zinc-400">None was uploaded.</p>
            )}
          </Section>
        </div>
      ) : null}
      <ChangeLogSection
        events={form.events.map((event) => ({
          id: event.id,
          at: event.at,
          fromStatus: event.fromStatus,
          toStatus: event.toStatus,
          by: event.adminName,
          note: event.note,
        }))}
        words={WEBSITE_FORM_STATUS_WORDS}
      />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">a: assign · r: reply · s: resolve · p: the payment · u: all submissions · ?: every shortcut</p>
    </div>
  );
}
