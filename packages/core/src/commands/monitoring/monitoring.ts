import { z } from 'zod';
import { defineCommand } from '../../command';
import { rangeSpanMs } from '../../format/date-range';
import { dateTimeParam, timestamp } from '../../schemas/common';
import { koboAmount } from '../../schemas/money';
import { processorRouteField } from '../payments/payment-schemas';

/** The success rate below which a route or bank stands out, unless the admin asks another. */
export const DEFAULT_SUCCESS_THRESHOLD = 80;
/** A period with fewer payments than this says little about a route: it is not judged. */
export const MIN_PAYMENTS_TO_JUDGE = 10;
/** Ranges up to this many days are drawn hour by hour; longer ones day by day. */
export const HOURLY_UP_TO_DAYS = 3;

const rangeFields = {
  /** Start: a date (its first minute) or date-time, Lagos time. Default: seven days before the end. */
  startDate: dateTimeParam.optional(),
  /** End: a date (its last minute) or date-time. Default: now. */
  endDate: dateTimeParam.optional(),
  /** The success rate, in percent, below which a route or bank stands out. */
  threshold: z.number().min(1).max(100).default(DEFAULT_SUCCESS_THRESHOLD),
};

function checkRange(value: { startDate?: string | undefined; endDate?: string | undefined }, ctx: z.RefinementCtx): void {
  const span = rangeSpanMs(value.startDate, value.endDate);
  if (span === undefined) return;
  if (span < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
  else if (span > 366 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be at most 366 days after startDate' });
}

export const failureShare = z.object({ code: z.string(), message: z.string(), payments: z.number().int(), share: z.number() });

/** How a route, a bank or a route at a bank did over the range. */
export const monitoringStats = z.object({
  key: z.string(),
  name: z.string(),
  payments: z.number().int(),
  successful: z.number().int(),
  /** Percent with one decimal; null when nothing was paid. */
  successRate: z.number().nullable(),
  amount: koboAmount,
  successfulAmount: koboAmount,
  /** Failures of the route or issuer (06, 68, 91, 92, 96), not of the cardholder. */
  systemFailures: z.number().int(),
  belowThreshold: z.boolean(),
  /** The response codes of its failures, commonest first (at most five). */
  topFailures: z.array(failureShare),
});
export type MonitoringStats = z.infer<typeof monitoringStats>;

export const monitoringPoint = z.object({
  at: timestamp,
  payments: z.number().int(),
  successful: z.number().int(),
  successRate: z.number().nullable(),
  amount: koboAmount,
});
export const monitoringSeries = z.object({ key: z.string(), name: z.string(), points: z.array(monitoringPoint) });
export type MonitoringSeries = z.infer<typeof monitoringSeries>;

const rangeOutput = { from: timestamp, to: timestamp, bucket: z.enum(['hour', 'day']), threshold: z.number() };

export const getTransactionMonitoring = defineCommand({
  id: 'monitoring.routes',
  group: 'monitoring',
  action: 'routes',
  title: 'Monitor transactions by route',
  description:
    'Success rate, volume and value of payments per processor route over a range, hour by hour (up to three days) or day by day, with the response codes that dominate each route’s failures; a route below the threshold stands out. With id, one route: its series and how it did at each issuing bank.',
  keywords: ['transaction monitoring', 'success rate', 'processor routes', 'failures', 'uptime'],
  method: 'GET',
  mutates: false,
  // Beside the spec's other terminal calls (/v1/stores/…).
  path: '/v1/stores/getTransactionMonitoring',
  permission: 'monitoring.view',
  input: z
    .object({
      ...rangeFields,
      /** One route's detail. */
      id: processorRouteField.optional().meta({ label: 'Route' }),
      /** The spec's paging field: routes fit one page, so only page 1 has rows. */
      pageNumber: z.number().int().min(1).max(1000).default(1),
    })
    .superRefine(checkRange),
  output: z.object({ ...rangeOutput, routes: z.array(monitoringStats), series: z.array(monitoringSeries), banks: z.array(monitoringStats) }),
  example: 'traction monitoring routes --start-date 7d',
});

export const getBankMonitoring = defineCommand({
  id: 'monitoring.banks',
  group: 'monitoring',
  action: 'banks',
  title: 'Monitor transactions by issuing bank',
  description: 'Success rate, volume and value per issuing bank over a range, day by day; with id, one bank: its series and how each route did with its cards.',
  keywords: ['issuer monitoring', 'bank success rate', 'issuer inoperative'],
  method: 'GET',
  mutates: false,
  path: '/v1/stores/getTransactionMonitoring/banks',
  permission: 'monitoring.view',
  input: z
    .object({
      ...rangeFields,
      id: z
        .string()
        .trim()
        .max(3)
        .regex(/^[0-9]{3}$/, 'must be a 3-digit CBN bank code')
        .optional()
        .meta({ label: 'Bank', examples: ['058'] }),
    })
    .superRefine(checkRange),
  output: z.object({ ...rangeOutput, banks: z.array(monitoringStats), series: z.array(monitoringSeries), routes: z.array(monitoringStats) }),
  example: 'traction monitoring banks --start-date 30d',
});

/** A stretch of hours a route spent below the threshold. */
export const failingWindow = z.object({
  from: timestamp,
  to: timestamp,
  payments: z.number().int(),
  successRate: z.number(),
  topFailures: z.array(failureShare),
});

export const getFailedRouteMonitoring = defineCommand({
  id: 'monitoring.failed-routes',
  group: 'monitoring',
  action: 'failed-routes',
  title: 'Find failing routes',
  description:
    'Routes that fell below the threshold in the range: each stretch of hours it spent there, with its success rate and the response codes that dominated its failures, worst first.',
  keywords: ['failing routes', 'route down', 'degraded', 'response codes', 'incident'],
  method: 'GET',
  mutates: false,
  path: '/v1/stores/getTransactionMonitoring/failed-routes',
  permission: 'monitoring.view',
  input: z.object({ ...rangeFields }).superRefine(checkRange),
  output: z.object({
    ...rangeOutput,
    routes: z.array(z.object({ key: z.string(), name: z.string(), windows: z.array(failingWindow), worstRate: z.number() })),
  }),
  example: 'traction monitoring failed-routes --start-date 30d',
});
