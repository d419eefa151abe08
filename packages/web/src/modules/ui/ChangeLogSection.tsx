import { DetailTable } from '../merchants/DetailTable';
import { formatDateTime } from './formatDateTime';
import { Section } from './Section';

/** One change of a record's status: from what (null when it was created), to what, by whom and why. */
export interface StatusChange {
  id: number;
  at: string;
  fromStatus: string | null;
  toStatus: string;
  by: string | null;
  note: string | null;
}

/**
 * A record's change log on its page: when, the status it moved from and to in words, who moved it
 * and their note. One piece for every record with a status machine (loans, notifications…).
 */
export function ChangeLogSection({ events, words }: { events: readonly StatusChange[]; words: Readonly<Record<string, string>> }) {
  const say = (status: string) => words[status] ?? status;
  return (
    <Section name="changes" title="Change log" count={events.length}>
      <DetailTable
        label="Change log"
        rows={events}
        rowKey={(event) => event.id}
        empty="No changes."
        columns={[
          { label: 'When', cell: (event) => formatDateTime(event.at) },
          { label: 'Status', cell: (event) => (event.fromStatus ? `${say(event.fromStatus)} → ${say(event.toStatus)}` : say(event.toStatus)) },
          { label: 'By', cell: (event) => event.by ?? '—' },
          { label: 'Note', cell: (event) => event.note ?? '' },
        ]}
      />
    </Section>
  );
}
