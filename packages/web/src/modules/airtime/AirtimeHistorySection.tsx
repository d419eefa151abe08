import { AIRTIME_RATE_CHANGE_WORDS, listAirtimeRateHistory } from '@traction/core';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { formatDateTime } from '../ui/formatDateTime';
import { Section } from '../ui/Section';

/**
 * The rates' history, newest first (the latest 100 changes): who changed what, before → after,
 * and why. With a rate chosen, that rate's alone.
 */
export function AirtimeHistorySection({ rate, onAll }: { rate: { id: number; label: string } | null; onAll: () => void }) {
  const shown = useCommandQuery(listAirtimeRateHistory, rate ? { rateId: rate.id } : {});
  return (
    <Section
      name="airtime-history"
      title={rate ? `History of ${rate.label}` : 'History'}
      aside={
        rate ? (
          <Button variant="ghost" onClick={onAll}>
            All rates
          </Button>
        ) : undefined
      }
    >
      {shown.isPending ? (
        <p className="px-3 py-3 text-zinc-500 dark:text-zinc-400">Loading…</p>
      ) : !shown.data ? (
        <p role="alert" className="px-3 py-3">
          The history could not be loaded: {shown.error?.message}
        </p>
      ) : (
        <table className="w-full text-sm" data-history>
          <thead>
            <tr className="text-left text-zinc-500 dark:text-zinc-400">
              <th className="px-3 py-1.5 font-medium">When</th>
              <th className="px-3 py-1.5 font-medium">Rate</th>
              <th className="px-3 py-1.5 font-medium">Change</th>
              <th className="px-3 py-1.5 font-medium">What changed</th>
              <th className="px-3 py-1.5 font-medium">Reason</th>
              <th className="px-3 py-1.5 font-medium">By</th>
            </tr>
          </thead>
          <tbody>
            {shown.data.items.map((version) => (
              <tr key={version.id} data-version={version.id} className="border-t border-zinc-100 align-top dark:border-zinc-800">
                <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">{formatDateTime(version.changedAt)}</td>
                <td className="px-3 py-1.5 whitespace-nowrap">{version.label}</td>
                <td className="px-3 py-1.5">{AIRTIME_RATE_CHANGE_WORDS[version.change]}</td>
                <td className="px-3 py-1.5" data-summary>
                  {version.summary}
                </td>
                <td className="px-3 py-1.5">{version.reason ?? '—'}</td>
                <td className="px-3 py-1.5">{version.changedBy ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
