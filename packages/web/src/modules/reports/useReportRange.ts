import { REPORT_GROUPINGS, REPORT_KINDS, type ReportGrouping, type ReportKind } from '@traction/core';
import { parseDateInput } from '@traction/core/format';
import { useSearchParamsUpdate } from '../../app/useSearchParamsUpdate';
import { withFilter } from '../list/filterFields';

/** A shared link may say `30d` or `yesterday`: read as the day it means today. */
function day(raw: string | null): string {
  if (!raw) return '';
  if (/T/.test(raw)) return raw;
  const read = parseDateInput(raw);
  return read.ok ? read.day : raw;
}

/** The report, grouping and range of the reporting pages, kept in the URL so a view can be shared. */
export function useReportRange() {
  const [params, updateParams] = useSearchParamsUpdate();
  const startdatetime = day(params.get('startdatetime'));
  const enddatetime = day(params.get('enddatetime'));
  const asked = params.get('report');
  const report: ReportKind = (REPORT_KINDS as readonly string[]).includes(asked ?? '') ? (asked as ReportKind) : 'signups';
  const askedBy = params.get('by');
  const by: ReportGrouping = (REPORT_GROUPINGS as readonly string[]).includes(askedBy ?? '') ? (askedBy as ReportGrouping) : 'day';
  const range = { ...(startdatetime ? { startdatetime } : {}), ...(enddatetime ? { enddatetime } : {}) };
  const set = (key: string, value: string | null) => updateParams((current) => withFilter(current, key, value));
  /** The search that opens `report` with this range (and grouping). */
  const searchFor = (kind: ReportKind) => {
    const next = new URLSearchParams({ report: kind, by, ...range });
    return `?${next.toString()}`;
  };
  return { report, by, range, startdatetime, enddatetime, set, searchFor };
}
