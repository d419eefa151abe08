import type { AppDeps } from './deps';
import { pruneLoginAttempts } from './domains/auth/login-attempts.repository';
import { refreshPaymentRollups } from './domains/monitoring/index';
import { deliverPending } from './domains/outbox';
import { pruneExpiredExports } from './domains/exports/index';
import { IDEMPOTENCY_TTL_MS } from './http/idempotency';
import { prunePublicRequests } from './handling/public-guard';

const DAY = 86_400_000;

/** Drops rows no rule needs any more: old sign-in attempts and public requests, expired idempotency keys, long-dead sessions. */
export async function pruneExpired(deps: AppDeps): Promise<void> {
  const now = deps.clock.now().getTime();
  await pruneLoginAttempts(deps.db, new Date(now - DAY));
  await prunePublicRequests(deps.db, new Date(now - DAY));
  await deps.db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now - IDEMPOTENCY_TTL_MS))
    .execute();
  await deps.db
    .deleteFrom('admin_sessions')
    .where('expires_at', '<', new Date(now - 30 * DAY))
    .execute();
  await pruneExpiredExports(deps);
}

/** How often new payments are folded into the monitoring rollups. */
const ROLLUP_INTERVAL_MS = 60_000;

/** How often queued emails are retried: a message waits at least a minute between attempts. */
const OUTBOX_INTERVAL_MS = 30_000;

/**
 * Runs `pruneExpired` every hour and the email outbox's worker every 30 seconds, both once at
 * start (mail a stopped server left unsent goes out). The timers never keep the process alive;
 * the returned function stops both.
 */
export function scheduleMaintenance(deps: AppDeps): () => void {
  const prune = () => pruneExpired(deps).catch((error) => deps.logger.warn({ err: error }, 'maintenance failed'));
  let delivering = false;
  const deliver = async () => {
    // A slow mail service may outlast the interval: never two runs of one process at once.
    if (delivering) return;
    delivering = true;
    try {
      await deliverPending(deps);
    } catch (error) {
      deps.logger.warn({ err: error }, 'email outbox run failed');
    } finally {
      delivering = false;
    }
  };
  // Monitoring reads the rollups plus the payments after them: folding every minute keeps that tail short.
  const fold = () => refreshPaymentRollups(deps.db).catch((error) => deps.logger.warn({ err: error }, 'payment rollup refresh failed'));
  const foldTimer = setInterval(fold, ROLLUP_INTERVAL_MS);
  foldTimer.unref();
  void fold();
  const pruneTimer = setInterval(prune, 60 * 60_000);
  const outboxTimer = setInterval(deliver, OUTBOX_INTERVAL_MS);
  pruneTimer.unref();
  outboxTimer.unref();
  void prune();
  void deliver();
  return () => {
    clearInterval(pruneTimer);
    clearInterval(outboxTimer);
    clearInterval(foldTimer);
  };
}
