import { CLIENT_ERROR_MESSAGE_MAX, CLIENT_ERROR_STACK_MAX, clientErrorSettings, type CommandOutput } from '@traction/core';
import { STORAGE_KEYS } from '@traction/core/client';
import { client } from '../../app/client';
import { chooseErrorReporter } from './chooseErrorReporter';
import { consoleVersion } from './consoleVersion';
import type { ClientErrorReport } from './ErrorReporter';

/** What became of a render error's report: sent with a reference to quote, or not sent (reporting off, another host, a failure). */
export type ReportOutcome = { sent: true; reference: number } | { sent: false };

type Settings = CommandOutput<typeof clientErrorSettings>;

// Asked once, when the first error happens: a console that never fails never asks.
let settings: Promise<Settings> | null = null;
function readSettings(): Promise<Settings> {
  settings ??= client.call(clientErrorSettings, {}).catch((error: unknown) => {
    settings = null;
    throw error;
  });
  return settings;
}

/** Forgets the settings read, for tests that change them. */
export function forgetErrorReportSettings(): void {
  settings = null;
}

/**
 * The session token and device id (credentials both) blanked wherever an error's text carries
 * them, as are `token=`, `password=` and bearer values a message may have picked up from a URL or
 * a header.
 */
function scrub(text: string): string {
  let clean = text;
  for (const secret of [client.store.get(STORAGE_KEYS.token), client.deviceId]) {
    if (secret && secret.length >= 8) clean = clean.split(secret).join('[redacted]');
  }
  return clean.replace(/\b(token|password|secret|code)=[^&\s#"']+/gi, '$1=[redacted]').replace(/\bBearer\s+[\w.~+/=-]+/gi, 'Bearer [redacted]');
}

/**
 * The report of an error: its message and stack, the page's path (never its query, which may hold
 * a link token or typed filters) and the console build — built from these alone, so nothing typed
 * on the page or kept in storage can ride along.
 */
export function buildClientErrorReport(error: unknown, route: string): ClientErrorReport {
  const asError = error instanceof Error ? error : null;
  const message = scrub(asError ? asError.message || asError.name : String(error)).trim() || 'Unknown error';
  const stack = asError?.stack ? scrub(asError.stack).slice(0, CLIENT_ERROR_STACK_MAX) : undefined;
  return {
    message: message.slice(0, CLIENT_ERROR_MESSAGE_MAX),
    ...(stack ? { stack } : {}),
    route: route.split(/[?#]/)[0] || '/',
    consoleVersion: consoleVersion(),
  };
}

const outcomes = new WeakMap<object, Promise<ReportOutcome>>();

async function send(error: unknown, route: string): Promise<ReportOutcome> {
  // Reports are kept per admin: signed out (the login page) there is nobody to send one as.
  if (!client.store.get(STORAGE_KEYS.token)) return { sent: false };
  const reporter = chooseErrorReporter(await readSettings(), window.location.host);
  if (!reporter) return { sent: false };
  const { reference } = await reporter.send(buildClientErrorReport(error, route));
  return { sent: true, reference };
}

/**
 * Reports an unexpected render error (spec §8) when the server's settings turn reporting on and
 * this page is served from the production admin host. One report per error, however often the
 * page showing it renders; never throws.
 */
export function reportRenderError(error: unknown, route: string): Promise<ReportOutcome> {
  const key = typeof error === 'object' && error !== null ? error : null;
  const known = key ? outcomes.get(key) : undefined;
  if (known) return known;
  const outcome = send(error, route).catch((): ReportOutcome => ({ sent: false }));
  if (key) outcomes.set(key, outcome);
  return outcome;
}
