import type { AppDeps } from '../../deps';
import { EmailDeliveryError, type EmailMessage } from '../../providers/email/email-provider';
import { claimDueEmails, giveUpExpiredEmails, recordEmailGivenUp, recordEmailRetry, recordEmailSent, type OutboxRow } from './outbox.repository';

/** Attempts in all, the one right after the commit included: about two hours of retries. */
export const MAX_EMAIL_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const LONGEST_WAIT_MS = 60 * 60_000;
/**
 * How long a claim holds its rows: a whole batch must be attempted within it, or another process
 * may take a row still waiting here. 10 sends at the HTTP provider's worst (10 s, tried twice)
 * take under 4 minutes.
 */
const CLAIM_MS = 10 * 60_000;
const BATCH = 10;
const EXPIRED = 'The link in the message expired before it could be sent';

export interface DeliveryReport {
  sent: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  givenUp: number;
}

/** How long to wait after failed attempt `attempt` (1 is the first): 1 min, 2, 4 … at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), LONGEST_WAIT_MS);
}

/**
 * Sends one queued message now, if no other process has it: what a command does right after it
 * commits. A failure is recorded on the row for the worker to retry, never thrown.
 */
export async function deliverEmail(deps: AppDeps, id: number): Promise<DeliveryReport> {
  const now = deps.clock.now();
  const claimed = await claimDueEmails(deps.db, { now, claimUntil: new Date(now.getTime() + CLAIM_MS), limit: 1, id });
  return deliverClaimed(deps, claimed);
}

/**
 * The worker: gives up messages whose link expired, then sends every due message, a batch at a
 * time, until none is left. Safe to run in several processes at once. Time comes from
 * `deps.clock`, so tests run it at any moment they like.
 */
export async function deliverPending(deps: AppDeps, options: { batch?: number } = {}): Promise<DeliveryReport> {
  const batch = options.batch ?? BATCH;
  const report: DeliveryReport = { sent: 0, retrying: 0, givenUp: 0 };
  const expired = await giveUpExpiredEmails(deps.db, { now: deps.clock.now(), error: EXPIRED });
  for (const row of expired) logGivenUp(deps, row, EXPIRED);
  report.givenUp += expired.length;
  for (;;) {
    const now = deps.clock.now();
    const claimed = await claimDueEmails(deps.db, { now, claimUntil: new Date(now.getTime() + CLAIM_MS), limit: batch });
    const done = await deliverClaimed(deps, claimed);
    report.sent += done.sent;
    report.retrying += done.retrying;
    report.givenUp += done.givenUp;
    // Failed rows are due later, so each pass takes new rows; a short batch means none are left.
    if (claimed.length < batch) return report;
  }
}

async function deliverClaimed(deps: AppDeps, rows: readonly OutboxRow[]): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, givenUp: 0 };
  for (const row of rows) {
    const outcome = await attempt(deps, row);
    if (outcome === 'sent') report.sent += 1;
    else if (outcome === 'retrying') report.retrying += 1;
    else report.givenUp += 1;
  }
  return report;
}

async function attempt(deps: AppDeps, row: OutboxRow): Promise<'sent' | 'retrying' | 'given-up'> {
  const claim = { id: row.id, attempt: row.attempts };
  const message: EmailMessage = {
    to: row.to_address,
    kind: row.kind as EmailMessage['kind'],
    subject: row.subject,
    text: row.body ?? '',
    data: row.data ?? {},
  };
  let providerMessageId: string;
  try {
    ({ id: providerMessageId } = await deps.providers.email.send(message));
  } catch (error) {
    const reason = describe(error);
    const permanent = error instanceof EmailDeliveryError && !error.retryable;
    if (permanent || row.attempts >= MAX_EMAIL_ATTEMPTS) {
      await recordEmailGivenUp(deps.db, { ...claim, error: reason, at: deps.clock.now() });
      logGivenUp(deps, row, reason, error);
      return 'given-up';
    }
    const nextAttemptAt = new Date(deps.clock.now().getTime() + retryDelayMs(row.attempts));
    await recordEmailRetry(deps.db, { ...claim, error: reason, nextAttemptAt });
    deps.logger.warn(
      { err: error, outboxId: row.id, to: row.to_address, kind: row.kind, attempts: row.attempts, nextAttemptAt: nextAttemptAt.toISOString() },
      'email not sent; will try again',
    );
    return 'retrying';
  }
  // Outside the send's try: a failure to record must not be mistaken for a failed send and retried.
  await recordEmailSent(deps.db, { ...claim, at: deps.clock.now(), providerMessageId });
  deps.logger.info({ outboxId: row.id, to: row.to_address, kind: row.kind, attempts: row.attempts }, 'email sent');
  return 'sent';
}

function logGivenUp(deps: AppDeps, row: OutboxRow, reason: string, error?: unknown): void {
  deps.logger.error(
    { err: error, outboxId: row.id, to: row.to_address, kind: row.kind, attempts: row.attempts, reason },
    `email to ${row.to_address} given up: ${reason}`,
  );
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}
