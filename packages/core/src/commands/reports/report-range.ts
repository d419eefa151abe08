import type { z } from 'zod';
import { isRealDateTime, isSupportedYear, rangeBoundToDate } from '../../format/date-range';
import { lagosDate } from '../../format/lagos';

/** The longest range a report covers: a year, leap day included. */
export const REPORT_MAX_RANGE_DAYS = 366;
/** The days a report covers when no range is given: the last 30, today included. */
export const REPORT_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;

/** A report's range as instants: the given bounds, or the last 30 Lagos days ending now. */
export function reportRange(value: { startdatetime?: string | undefined; enddatetime?: string | undefined }, now: Date = new Date()): { from: Date; to: Date } {
  const to = value.enddatetime ? rangeBoundToDate(value.enddatetime, 'end') : rangeBoundToDate(lagosDate(now), 'end');
  const from = value.startdatetime
    ? rangeBoundToDate(value.startdatetime, 'start')
    : rangeBoundToDate(lagosDate(new Date(to.getTime() - (REPORT_DEFAULT_DAYS - 1) * DAY_MS)), 'start');
  return { from, to };
}

/** Refuses a range that ends before it starts or covers more than 366 days, naming `enddatetime` (or `startdatetime` when only it is given). */
export function checkReportRange(value: { startdatetime?: string | undefined; enddatetime?: string | undefined }, ctx: z.RefinementCtx): void {
  const sound = (text: string | undefined) => text === undefined || (isRealDateTime(text) && isSupportedYear(text));
  // A bound that failed its own checks was reported already.
  if (!sound(value.startdatetime) || !sound(value.enddatetime)) return;
  const { from, to } = reportRange(value);
  const [field, other] = value.enddatetime ? (['enddatetime', 'after startdatetime'] as const) : (['startdatetime', 'before today'] as const);
  if (to.getTime() < from.getTime())
    ctx.addIssue({ code: 'custom', path: [field], message: value.enddatetime ? 'must not be before startdatetime' : 'must not be after today' });
  else if (to.getTime() - from.getTime() > REPORT_MAX_RANGE_DAYS * DAY_MS)
    ctx.addIssue({ code: 'custom', path: [field], message: `must be at most ${REPORT_MAX_RANGE_DAYS} days ${other}` });
}
