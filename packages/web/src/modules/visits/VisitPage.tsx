import { cancelVisit, getVisit, listLoggedVisits, logVisit, VISIT_AGENDA_WORDS, VISIT_STATUS_WORDS, type VisitRow } from '@traction/core';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useOpenCommand } from '../commands/useOpenCommand';
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

const STATUS_TONES: Record<VisitRow['status'], BadgeTone> = { SCHEDULED: 'neutral', DONE: 'good', MISSED: 'bad', CANCELLED: 'warn' };

/**
 * One merchant visit: who, where, when and why; what happened and the field-app form the agent
 * submitted (a link to it); its change log. Keys: l log it (once its time has come), c cancel it,
 * u the visitation log.
 */
export default function VisitPage() {
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const valid = Number.isSafeInteger(id) && id > 0;
  const shown = useCommandQuery(getVisit, { id }, { enabled: valid });
  const visit = shown.data?.visit;
  const navigate = useNavigate();
  const permissions = useAtomValue(permissionSetAtom);
  const { allowed, open } = useOpenCommand();
  const scheduled = visit?.status === 'SCHEDULED';
  const due = !!visit && new Date(visit.scheduledFor).getTime() <= Date.now();
  const mayLog = scheduled && due && allowed(logVisit);
  const mayCancel = scheduled && allowed(cancelVisit);
  const about = visit ? `visit ${visit.id} to ${visit.businessName}` : '';
  const log = () => {
    if (visit && mayLog) open({ command: logVisit, fixed: { id: visit.id }, about, action: `Log visit ${visit.id}` });
  };
  const cancel = () => {
    if (visit && mayCancel) open({ command: cancelVisit, fixed: { id: visit.id }, about, action: `Cancel visit ${visit.id}` });
  };
  useShortcut('l', 'Log what happened at this visit', log, { enabled: mayLog });
  useShortcut('c', 'Cancel this visit', cancel, { enabled: mayCancel });
  useShortcut('u', 'The merchant visitation log', () => navigate('/merchant-visitation-log'), { enabled: permissions.has(listLoggedVisits.permission ?? '') });

  if (valid && shown.isPending) return <PageSpinner />;
  if (!visit || !shown.data) {
    return (
      <RecordNotLoaded
        valid={valid}
        error={shown.error}
        missing={`There is no merchant visit #${raw}.`}
        failed="This visit could not be loaded"
        retry={() => void shown.refetch()}
      />
    );
  }
  const facts: [string, ReactNode][] = [
    ['Agent', visit.agentName],
    [
      'Merchant',
      permissions.has('merchants.view') ? (
        <Link key="merchant" className={linkClass} to={`/merchants/${visit.businessId}`}>
          {visit.businessName}
        </Link>
      ) : (
        visit.businessName
      ),
    ],
    ['Agenda', VISIT_AGENDA_WORDS[visit.agenda]],
    ['When', `${formatDateTime(visit.scheduledFor)} – ${formatDateTime(visit.endsAt)} (${visit.durationMinutes} minutes)`],
    ['Location', `${visit.location} (${visit.stateCode})`],
    ['Note to the agent', visit.note ?? '—'],
    ['Scheduled by', `${visit.createdBy ?? '—'} on ${formatDateTime(visit.createdAt)}`],
  ];
  const history = shown.data.history;
  return (
    <div className="max-w-4xl space-y-4" data-page="merchant-visit" data-visit-id={visit.id} data-status={visit.status}>
      <PageHeader
        title={`Visit ${visit.id} · ${visit.businessName}`}
        description={`${VISIT_AGENDA_WORDS[visit.agenda]} by ${visit.agentName}`}
        actions={
          <ShortcutButtons
            buttons={[
              { key: 'l', label: 'Log…', show: mayLog, run: log, variant: 'primary' },
              { key: 'c', label: 'Cancel…', show: mayCancel, run: cancel, variant: 'danger' },
            ]}
            focusHome
          />
        }
      />
      <section aria-label="Status now" className="flex items-center gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
        <span data-testid="visit-status">
          <Badge tone={STATUS_TONES[visit.status]}>{VISIT_STATUS_WORDS[visit.status]}</Badge>
        </span>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">
          {scheduled && !due ? 'It can be logged once its time has come.' : null}
          {scheduled && due ? 'Its time has come: log what happened (l).' : null}
        </span>
      </section>
      <dl className="grid gap-x-4 gap-y-1 rounded-lg border border-zinc-200 p-3 text-sm sm:grid-cols-[auto_1fr] dark:border-zinc-800" data-testid="visit-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-500">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Section name="outcome" title="What happened" padded>
        {visit.outcome ? (
          <div className="space-y-1 text-sm" data-testid="visit-outcome">
            <p className="whitespace-pre-wrap">{visit.outcome}</p>
            <p className="text-zinc-500 dark:text-zinc-400">
              Logged by {visit.loggedBy ?? '—'} on {visit.loggedAt ? formatDateTime(visit.loggedAt) : '—'}
            </p>
            {visit.formId !== null ? (
              <p>
                <Link className={linkClass} to={`/form-responses/${visit.formId}`} data-testid="visit-form">
                  The form the agent submitted (#{visit.formId})
                </Link>
              </p>
            ) : null}
          </div>
        ) : visit.status === 'CANCELLED' ? (
          <p className="text-sm">
            Cancelled{visit.cancelledAt ? ` on ${formatDateTime(visit.cancelledAt)}` : ''}: {visit.cancelReason}
          </p>
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">Not logged yet.</p>
        )}
      </Section>
      <ChangeLogSection
        events={history.map((event, n) => ({
          id: event.id,
          at: event.at,
          fromStatus: n === 0 ? null : 'SCHEDULED',
          toStatus: event.kind,
          by: event.by,
          note: event.note,
        }))}
        words={VISIT_STATUS_WORDS}
      />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {[mayLog ? 'l: log' : null, mayCancel ? 'c: cancel' : null, 'u: the visitation log', '?: every shortcut'].filter(Boolean).join(' · ')}
      </p>
    </div>
  );
}
