import { Button } from './Button';
import { formatDateTime } from './formatDateTime';
import { Section } from './Section';

/** What a history's rows say besides when and what changed, from one history entry. */
export interface ChangeHistoryWords<Entry> {
  /** The record changed, named (the rate's label, the rule's name). */
  subject: (entry: Entry) => string;
  /** The kind of change in words (Created, Changed, Deactivated…). */
  change: (entry: Entry) => string;
  reason: (entry: Entry) => string;
  by: (entry: Entry) => string;
}

/**
 * The history of a kind of configured record (airtime rates, fraud rules), newest first: when,
 * which record, the kind of change, what changed, why and by whom. While loading it says so; when
 * the history cannot be loaded it says why. With one record chosen, `showAll` offers the way back
 * to every record's history.
 */
export function ChangeHistorySection<Entry extends { id: number; changedAt: string; summary: string }>({
  name,
  title,
  showAll,
  subjectColumn,
  history,
  words,
}: {
  /** The section's `data-section` name. */
  name: string;
  title: string;
  /** The button back to every record's history, when one record's alone is shown. */
  showAll?: { label: string; onClick: () => void };
  /** The subject column's heading ("Rate"), and whether its cells keep to one line. */
  subjectColumn: { heading: string; noWrap?: boolean };
  /** The history command's answer as read (`useCommandQuery`). */
  history: { isPending: boolean; error: Error | null; data?: { items: readonly Entry[] } | undefined };
  words: ChangeHistoryWords<Entry>;
}) {
  return (
    <Section
      name={name}
      title={title}
      aside={
        showAll ? (
          <Button variant="ghost" onClick={showAll.onClick}>
            {showAll.label}
          </Button>
        ) : undefined
      }
    >
      {history.isPending ? (
        <p className="px-3 py-3 text-zinc-500 dark:text-zinc-400">Loading…</p>
      ) : !history.data ? (
        <p role="alert" className="px-3 py-3">
          The history could not be loaded: {history.error?.message}
        </p>
      ) : (
        <table className="w-full text-sm" data-history>
          <thead>
            <tr className="text-left text-zinc-500 dark:text-zinc-400">
              <th className="px-3 py-1.5 font-medium">When</th>
              <th className="px-3 py-1.5 font-medium">{subjectColumn.heading}</th>
              <th className="px-3 py-1.5 font-medium">Change</th>
              <th className="px-3 py-1.5 font-medium">What changed</th>
              <th className="px-3 py-1.5 font-medium">Reason</th>
              <th className="px-3 py-1.5 font-medium">By</th>
            </tr>
          </thead>
          <tbody>
            {history.data.items.map((entry) => (
              <tr key={entry.id} data-version={entry.id} className="border-t border-zinc-100 align-top dark:border-zinc-800">
                <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">{formatDateTime(entry.changedAt)}</td>
                <td className={subjectColumn.noWrap ? 'px-3 py-1.5 whitespace-nowrap' : 'px-3 py-1.5'}>{words.subject(entry)}</td>
                <td className="px-3 py-1.5">{words.change(entry)}</td>
                <td className="px-3 py-1.5" data-summary>
                  {entry.summary}
                </td>
                <td className="px-3 py-1.5">{words.reason(entry)}</td>
                <td className="px-3 py-1.5">{words.by(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
