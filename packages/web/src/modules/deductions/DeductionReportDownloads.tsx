import { type AnyCommand, deductionReport, loanDiskReport } from '@traction/core';
import { lagosDate } from '@traction/core/format';
import { useId, useState } from 'react';
import { useSearchParamsUpdate } from '../../app/useSearchParamsUpdate';
import { withFilter } from '../list/filterFields';
import { useOpenCommand } from '../commands/useOpenCommand';
import { saveFileAnswer } from '../forms/saveFileAnswer';
import { Button } from '../ui/Button';
import { DateInput } from '../ui/DateInput';
import { Section } from '../ui/Section';

const control = 'h-8 w-28 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900';
const DAY_MS = 86_400_000;
/** The URL keeps the report's days (beside the runs list's filters), so a link gives the same report. */
const FROM = 'reportFrom';
const TO = 'reportTo';

/**
 * The deductions taken on a range of days (Lagos, both included, passed as given: spec §5), as
 * the CSV report or in the loan-management system's import format (loan-disk). The last 7 days
 * unless other days are typed.
 */
export function DeductionReportDownloads() {
  const { allowed } = useOpenCommand();
  const [params, updateParams] = useSearchParamsUpdate();
  const from = params.get(FROM) ?? lagosDate(new Date(Date.now() - 6 * DAY_MS));
  const to = params.get(TO) ?? lagosDate();
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const fromId = useId();
  const toId = useId();
  const setDay = (key: string) => (day: string | null) => updateParams((current) => withFilter(current, key, day));
  const download = async (command: AnyCommand) => {
    if (from > to) {
      setSaid({ text: 'The first day comes after the last: swap them.', failed: true });
      return;
    }
    setBusy(true);
    setSaid({ text: 'Preparing the file…', failed: false });
    try {
      setSaid({ text: (await saveFileAnswer(command, { from, to }, new AbortController().signal)).message, failed: false });
    } catch (error) {
      setSaid({ text: `The file could not be saved: ${(error as Error).message}`, failed: true });
    } finally {
      setBusy(false);
    }
  };
  if (!allowed(deductionReport) && !allowed(loanDiskReport)) return null;
  return (
    <div className="mb-3">
      <Section name="reports" title="Reports: the deductions taken on these days">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3 text-sm">
          <div className="flex items-center gap-1.5">
            <label htmlFor={fromId} className="text-xs text-zinc-500 dark:text-zinc-400">
              From
            </label>
            <DateInput id={fromId} data-report-day="from" value={from} onCommit={setDay(FROM)} className={control} />
          </div>
          <div className="flex items-center gap-1.5">
            <label htmlFor={toId} className="text-xs text-zinc-500 dark:text-zinc-400">
              To
            </label>
            <DateInput id={toId} data-report-day="to" value={to} onCommit={setDay(TO)} className={control} />
          </div>
          {allowed(deductionReport) ? (
            <Button disabled={busy} data-action="report-csv" onClick={() => void download(deductionReport)}>
              Deduction report (CSV)
            </Button>
          ) : null}
          {allowed(loanDiskReport) ? (
            <Button disabled={busy} data-action="report-loan-disk" onClick={() => void download(loanDiskReport)}>
              For the loan system (loan-disk)
            </Button>
          ) : null}
          {said ? (
            <span role={said.failed ? 'alert' : 'status'} className={said.failed ? 'text-red-600 dark:text-red-400' : 'text-zinc-600 dark:text-zinc-300'}>
              {said.text}
            </span>
          ) : null}
        </div>
      </Section>
    </div>
  );
}
