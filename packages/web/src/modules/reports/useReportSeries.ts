import { type CommandOutput, REPORT_COMMANDS, type ReportGrouping, type ReportKind } from '@traction/core';
import { useQuery } from '@tanstack/react-query';
import { client } from '../../app/client';

/** One bucket of a series: its key, its name and its numbers. */
export type ReportRow = CommandOutput<(typeof REPORT_COMMANDS)['signups']>['items'][number] & Record<string, unknown>;

/**
 * Every bucket of a report over the range: a year by day is 366 rows, more than a page, so the
 * pages are read in turn by `next`, as an export does.
 */
export function useReportSeries(report: ReportKind, input: { by: ReportGrouping; startdatetime?: string; enddatetime?: string }) {
  const command = REPORT_COMMANDS[report];
  return useQuery<ReportRow[]>({
    queryKey: [command.id, input, 'all-pages'],
    queryFn: async ({ signal }) => {
      const rows: ReportRow[] = [];
      let after: number | undefined;
      for (;;) {
        const page = await client.call(command, { ...input, ...(after === undefined ? {} : { after }) }, { signal });
        rows.push(...(page.items as ReportRow[]));
        if (page.next === null || page.next === undefined || !page.hasMore) return rows;
        after = page.next;
      }
    },
  });
}
