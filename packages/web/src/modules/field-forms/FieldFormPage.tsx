import {
  FIELD_FORM_KIND_WORDS,
  FIELD_OFFICER_ROLE_WORDS,
  getFieldForm,
  listFieldForms,
  SIM_ACTION_WORDS,
  SIM_NETWORK_WORDS,
  TERMINAL_STATE_WORDS,
} from '@traction/core';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useShortcut } from '../keyboard/useShortcut';
import { useCommandQuery } from '../list/useCommandQuery';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';
import { FieldFormPhotoThumbnail } from './FieldFormPhotoThumbnail';

/** The list each kind of form belongs to, where `u` goes back to. */
const LIST_OF_KIND = {
  DEPLOYMENT_SUPPORT: '/support-deployment',
  VISITATION: '/visitation-form-response',
  RETRIEVAL: '/retrieval-response',
  SIM_MANAGEMENT: '/sim-mgt',
} as const;

function Facts({ name, facts }: { name: string; facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid={name}>
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
          <dd className="min-w-0 wrap-anywhere">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One form from the field app: the officer, the merchant and terminal (links to their pages),
 * where and when it was filled in, every answer with the question it answers, and its photos
 * (Enter on a thumbnail opens it full size). u goes back to the list of its kind.
 */
export default function FieldFormPage() {
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const valid = Number.isSafeInteger(id) && id > 0;
  const shown = useCommandQuery(getFieldForm, { id }, { enabled: valid });
  const form = shown.data;
  const permissions = useAtomValue(permissionSetAtom);
  const navigate = useNavigate();
  const listPath = form ? LIST_OF_KIND[form.kind] : '/form-responses';
  useShortcut('u', 'Back to the list of forms', () => navigate(listPath), { enabled: permissions.has(listFieldForms.permission ?? '') });

  if (valid && shown.isPending) return <PageSpinner />;
  if (!form) {
    return (
      <RecordNotLoaded
        valid={valid}
        error={shown.error}
        missing={`There is no form #${raw}.`}
        failed="This form could not be loaded"
        retry={() => void shown.refetch()}
      />
    );
  }
  const merchant =
    form.businessId === null ? (
      'None named'
    ) : permissions.has('merchants.view') ? (
      <Link className={linkClass} to={`/merchants/${form.businessId}`}>
        {form.businessName ?? `Merchant #${form.businessId}`}
      </Link>
    ) : (
      form.businessName
    );
  const terminalText = form.terminalId ? `${form.terminalId} (${form.serialNo})` : null;
  const terminal =
    form.terminal === null ? (
      'None named'
    ) : permissions.has('terminals.view') ? (
      <Link className={linkClass} to={`/terminals/${form.terminal}`}>
        {terminalText}
      </Link>
    ) : (
      terminalText
    );
  const place = form.latitude !== null && form.longitude !== null ? `${form.latitude.toFixed(5)}, ${form.longitude.toFixed(5)}` : 'Not recorded';
  return (
    <div className="max-w-5xl space-y-4" data-page="field-form" data-form-id={form.id} data-kind={form.kind}>
      <PageHeader
        title={`${FIELD_FORM_KIND_WORDS[form.kind]} form #${form.id} · ${form.officerName}`}
        description={`${form.summary ? `${form.summary} · ` : ''}submitted ${formatDateTime(form.submittedAt)}`}
        actions={
          <Link className={linkClass} to={listPath} aria-keyshortcuts="u">
            All {FIELD_FORM_KIND_WORDS[form.kind].toLowerCase()} forms
          </Link>
        }
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Section name="officer" title="Officer" padded>
          <Facts
            name="field-form-officer"
            facts={[
              ['Name', form.officerName],
              ['Role', FIELD_OFFICER_ROLE_WORDS[form.officerRole]],
              [
                'Email',
                <a key="email" className={linkClass} href={`mailto:${form.officerEmail}`}>
                  {form.officerEmail}
                </a>,
              ],
              ['Phone', form.officerPhone],
            ]}
          />
        </Section>
        <Section name="where" title="Merchant, terminal and place" padded>
          <Facts
            name="field-form-where"
            facts={[
              ['Merchant', merchant],
              ['Terminal', terminal],
              ...(form.terminalState ? ([['Terminal now', TERMINAL_STATE_WORDS[form.terminalState]]] as const) : []),
              ['State', form.state],
              ['LGA / area', form.area || '—'],
              ['GPS', place],
              ['Submitted', formatDateTime(form.submittedAt)],
              ...(form.visitId !== null ? ([['Visit', `#${form.visitId}`]] as const) : []),
              ...(form.simAction
                ? ([
                    ['SIM action', SIM_ACTION_WORDS[form.simAction]],
                    ['Network', form.simNetwork ? SIM_NETWORK_WORDS[form.simNetwork] : '—'],
                    ['SIM serial', form.simSerial ?? '—'],
                  ] as const)
                : []),
            ]}
          />
        </Section>
      </div>
      <Section name="answers" title="Answers" padded>
        {form.answers.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">The form came with no answers.</p>
        ) : (
          <Facts name="field-form-answers" facts={form.answers.map((answer) => [answer.question, answer.answer || '—'] as const)} />
        )}
      </Section>
      <Section name="photos" title={`Photos (${form.photoList.length})`} padded>
        {form.photoList.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">No photo was taken with this form.</p>
        ) : (
          <div className="flex flex-wrap gap-3" data-testid="field-form-photos">
            {form.photoList.map((photo) => (
              <FieldFormPhotoThumbnail key={photo.id} formId={form.id} photo={photo} />
            ))}
          </div>
        )}
      </Section>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">u: the list of forms · Tab to a photo and Enter to open it · ?: every shortcut</p>
    </div>
  );
}
