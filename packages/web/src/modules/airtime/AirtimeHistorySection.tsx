import { AIRTIME_RATE_CHANGE_WORDS, type AirtimeRateVersion, listAirtimeRateHistory } from '@traction/core';
import { useCommandQuery } from '../list/useCommandQuery';
import { ChangeHistorySection, type ChangeHistoryWords } from '../ui/ChangeHistorySection';

const WORDS: ChangeHistoryWords<AirtimeRateVersion> = {
  subject: (version) => version.label,
  change: (version) => AIRTIME_RATE_CHANGE_WORDS[version.change],
  reason: (version) => version.reason ?? '—',
  by: (version) => version.changedBy ?? '—',
};

/**
 * The rates' history, newest first (the latest 100 changes): who changed what, before → after,
 * and why. With a rate chosen, that rate's alone.
 */
export function AirtimeHistorySection({ rate, onAll }: { rate: { id: number; label: string } | null; onAll: () => void }) {
  const shown = useCommandQuery(listAirtimeRateHistory, rate ? { rateId: rate.id } : {});
  return (
    <ChangeHistorySection
      name="airtime-history"
      title={rate ? `History of ${rate.label}` : 'History'}
      showAll={rate ? { label: 'All rates', onClick: onAll } : undefined}
      subjectColumn={{ heading: 'Rate', noWrap: true }}
      history={shown}
      words={WORDS}
    />
  );
}
