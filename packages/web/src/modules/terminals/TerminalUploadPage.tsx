import { getTerminalUpload, TERMINAL_UPLOAD_KIND_WORDS } from '@traction/core';
import { useParams } from 'react-router';
import { useCommandQuery } from '../list/useCommandQuery';
import { BadRowsTable } from '../ui/BadRowsTable';
import { formatDateTime } from '../ui/formatDateTime';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';

/** One saved terminal upload: what it held, who saved it, and every row it skipped with why. */
export default function TerminalUploadPage() {
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const upload = useCommandQuery(getTerminalUpload, { id }, { enabled: valid });
  if (valid && upload.isPending) return <PageSpinner />;
  const shown = upload.data;
  if (!shown)
    return (
      <RecordNotLoaded
        valid={valid}
        error={upload.error}
        missing={`There is no terminal upload #${raw}.`}
        failed="This upload could not be loaded"
        retry={() => void upload.refetch()}
      />
    );
  return (
    <div className="max-w-5xl space-y-4" data-page="terminal-upload">
      <PageHeader
        title={`Upload #${shown.id}: ${shown.fileName}`}
        description={`${TERMINAL_UPLOAD_KIND_WORDS[shown.kind]} · ${shown.format.toUpperCase()} · by ${shown.adminName ?? 'an admin'} on ${formatDateTime(shown.createdAt)}`}
      />
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {(
          [
            ['Rows', shown.rows],
            ['Saved', shown.saved],
            ['Skipped', shown.skipped],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="inline text-zinc-500">{label} </dt>
            <dd className="inline tabular-nums" data-figure={label.toLowerCase()}>
              {value.toLocaleString('en-NG')}
            </dd>
          </div>
        ))}
      </dl>
      <Section name="skipped" title="Skipped rows" count={shown.problems.length}>
        <div className="p-3">
          {shown.problems.length > 0 ? <BadRowsTable problems={shown.problems} /> : <p className="text-zinc-500">None: every row was saved.</p>}
        </div>
      </Section>
    </div>
  );
}
