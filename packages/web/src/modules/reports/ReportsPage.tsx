import { listBusinessReport, REPORT_KINDS } from '@traction/core';
import { useRef } from 'react';
import { useShortcut } from '../keyboard/useShortcut';
import { CsvDownload } from '../list/CsvDownload';
import { PageHeader } from '../ui/PageHeader';
import { Section } from '../ui/Section';
import { ReportCard } from './ReportCard';
import { ReportRange } from './ReportRange';
import { useReportRange } from './useReportRange';

/** Moves focus to the next (or previous) report card, from the one focused or the first. */
function moveFocus(list: HTMLElement | null, step: 1 | -1) {
  const cards = [...(list?.querySelectorAll<HTMLElement>('[data-report-card]') ?? [])];
  if (cards.length === 0) return;
  const at = cards.indexOf(document.activeElement as HTMLElement);
  const next = at < 0 ? 0 : Math.min(cards.length - 1, Math.max(0, at + step));
  cards[next]?.focus();
}

/**
 * Reporting: every business report over one range, each with its headline numbers and a small
 * chart; j/k move between them and Enter opens one. The range stays in the URL and goes with the
 * report opened. The report of every business downloads from here too.
 */
export default function ReportsPage() {
  const range = useReportRange();
  const list = useRef<HTMLUListElement>(null);
  useShortcut('j', 'Next report', () => moveFocus(list.current, 1));
  useShortcut('k', 'Previous report', () => moveFocus(list.current, -1));
  return (
    <div className="space-y-4" data-page="reporting">
      <PageHeader
        title="Reporting"
        description="Sign-ups, active merchants, KYC completion, payments and wallet balances, day by day. The last 30 days unless you choose a range (a year at most). j/k move between reports, Enter opens one."
      />
      <ReportRange range={range} />
      <ul ref={list} aria-label="Reports" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {REPORT_KINDS.map((report) => (
          <ReportCard key={report} report={report} range={range.range} to={`/reporting-page/view${range.searchFor(report)}`} />
        ))}
      </ul>
      <Section name="every-business" title="Every business" padded>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Each business signed up by the end of the range, with its KYC tier, its payments in the range and its wallet balance.
          </p>
          <CsvDownload command={listBusinessReport} filters={range.range} total={undefined} />
        </div>
      </Section>
    </div>
  );
}
