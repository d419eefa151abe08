import { z } from 'zod';
import { isRealDateTime, isSupportedYear, rangeSpanMs } from '../format/date-range';
import type { FieldMeta } from './fields';

/** An email address, trimmed and lower-cased so that lookups are case-insensitive. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'must be a valid email address' }))
  .meta({ examples: ['ops@traction.ng'] });

/** A database id (PostgreSQL integer). */
export const idField = z.number().int().positive().max(2_147_483_647);

/** A short single-line text field. */
export const textField = (max = 200) => z.string().trim().min(1).max(max);

/** Free text used for search boxes. */
export const searchField = z.string().trim().max(200);

const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date or date-time bound of a range filter. Without an offset it is read as Lagos time
 * (WAT, UTC+1, no daylight saving), which is how the console sends range bounds
 * (`2026-11-21T00:00:00.000` … `2026-11-21T23:59:59.999`, spec §5).
 */
export const dateTimeParam = z
  .string()
  .trim()
  .max(40)
  .regex(DATE_TIME, 'must be a date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:mm:ss.SSS)')
  .refine(isSupportedYear, 'must be in the years 1900 to 2999')
  .refine(isRealDateTime, 'is not a real date or time')
  .meta({ format: 'range-bound', examples: ['2026-11-01'] } satisfies FieldMeta);

/** Timestamps in responses: ISO 8601 in UTC. */
export const timestamp = z.string();

/** Acknowledgement of a command that has nothing else to say. */
export const okOutput = z.object({ ok: z.literal(true), message: z.string() });

/** A `startdatetime`–`enddatetime` filter's end not before its start: a 400 naming `enddatetime`. */
export function checkRangeOrder(value: { startdatetime?: string | undefined; enddatetime?: string | undefined }, ctx: z.RefinementCtx): void {
  if ((rangeSpanMs(value.startdatetime, value.enddatetime) ?? 0) < 0) {
    ctx.addIssue({ code: 'custom', path: ['enddatetime'], message: 'must not be before startdatetime' });
  }
}
