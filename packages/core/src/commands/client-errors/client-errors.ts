import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { dateTimeParam, idField, searchField } from '../../schemas/common';

/** Longest error message kept; the console cuts longer ones before sending. */
export const CLIENT_ERROR_MESSAGE_MAX = 2_000;
/** Longest stack trace kept; the console cuts longer ones before sending. */
export const CLIENT_ERROR_STACK_MAX = 16_000;

/** Where error reports go: nowhere (the default), or this server's own store. */
export const ERROR_REPORTERS = ['off', 'server'] as const;
export type ErrorReporterKind = (typeof ERROR_REPORTERS)[number];

export const reportClientError = defineCommand({
  id: 'client-errors.report',
  throttled: true,
  group: 'client-errors',
  action: 'report',
  title: 'Report a console error',
  description:
    'What the console sends when a page fails to show (spec §8): the error, the page and the console build. The admin is the one signed in; no form input or token is sent. Refused while error reporting is off.',
  keywords: ['crash', 'bug', 'render error'],
  method: 'POST',
  path: '/v1/client-errors',
  // Any signed-in admin may hit an error.
  permission: null,
  // A report is not worth replaying, and the console never retries one.
  idempotency: 'none',
  input: z.object({
    /** The error's own message, e.g. `Cannot read properties of undefined (reading 'name')`. */
    message: z.string().trim().min(1).max(CLIENT_ERROR_MESSAGE_MAX),
    /** The stack trace, as the browser gives it. */
    stack: z.string().max(CLIENT_ERROR_STACK_MAX).optional(),
    /** The console page's path, `/merchants/42`, without its query: a link may carry a token or typed filters. */
    route: z
      .string()
      .trim()
      .max(2_000)
      .regex(/^\/[^?#\s]*$/, 'must be a path such as /merchants/42, without ? or #')
      .meta({ examples: ['/merchants/42'] }),
    /** Which build of the console: its entry file, `index-4f2a9c.js`, or `dev`. */
    consoleVersion: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[\w.+-]+$/, 'must be a build name such as index-4f2a9c.js'),
  }),
  output: z.object({
    /** The report's reference, for the admin to quote. */
    id: z.number().int(),
  }),
});

export const clientErrorSettings = defineCommand({
  id: 'client-errors.settings',
  group: 'client-errors',
  action: 'settings',
  title: 'Where console errors are reported',
  description: 'Error reporting is on only where the console is served from the production admin host; the console compares it with its own.',
  method: 'GET',
  path: '/v1/client-errors/settings',
  // Read before anything else works; it says nothing secret.
  auth: 'public',
  permission: null,
  input: z.object({}),
  output: z.object({
    /** `off` (the default) or `server`: reports are kept by this server for engineers to read. */
    reporter: z.enum(ERROR_REPORTERS),
    /** The production admin host, `admin.traction.ng`; reports are sent only from a page on it. */
    productionHost: z.string().nullable(),
  }),
});

export const clientErrorEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  adminId: z.number().int().nullable(),
  adminEmail: z.string().nullable(),
  message: z.string(),
  stack: z.string().nullable(),
  route: z.string(),
  consoleVersion: z.string(),
  /** The browser's User-Agent header. */
  userAgent: z.string().nullable(),
});
export type ClientErrorEntry = z.infer<typeof clientErrorEntry>;

export const listClientErrors = defineCommand({
  id: 'client-errors.list',
  group: 'client-errors',
  action: 'list',
  title: 'Read console error reports',
  description: 'Errors the console met while showing pages, newest first, for engineers.',
  keywords: ['crash', 'bug', 'render error', 'engineers'],
  method: 'GET',
  path: '/v1/client-errors',
  permission: 'client-errors.view',
  input: z.object({
    ...listPaging,
    adminId: idField.optional(),
    /** Words of the message, or the start of the page's path (`/merchants`). */
    search: searchField.optional(),
    startdatetime: dateTimeParam.optional(),
    enddatetime: dateTimeParam.optional(),
  }),
  output: listOutput(clientErrorEntry),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    csv: true,
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    columns: [
      { key: 'at', label: 'Time', kind: 'datetime' },
      { key: 'adminEmail', label: 'Admin', kind: 'email' },
      { key: 'route', label: 'Page', kind: 'text' },
      { key: 'message', label: 'Error', kind: 'text' },
      { key: 'consoleVersion', label: 'Console build', kind: 'text' },
      { key: 'userAgent', label: 'Browser', kind: 'text' },
      { key: 'id', label: 'Reference', kind: 'id' },
    ],
  },
  example: 'traction client-errors list --from yesterday',
});
