import type { AppDeps } from './deps';
import { pruneLoginAttempts } from './domains/auth/login-attempts.repository';
import { IDEMPOTENCY_TTL_MS } from './middleware/idempotency';

const DAY = 86_400_000;

/** Drops rows no rule needs any more: old sign-in attempts, expired idempotency keys, long-dead sessions. */
export async function pruneExpired(deps: AppDeps): Promise<void> {
  const now = deps.clock.now().getTime();
  await pruneLoginAttempts(deps.db, new Date(now - DAY));
  await deps.db.deleteFrom('idempotency_keys').where('created_at', '<', new Date(now - IDEMPOTENCY_TTL_MS)).execute();
  await deps.db.deleteFrom('admin_sessions').where('expires_at', '<', new Date(now - 30 * DAY)).execute();
}

/** Runs `pruneExpired` every hour; the timer never keeps the process alive. */
export function scheduleMaintenance(deps: AppDeps): () => void {
  const run = () => pruneExpired(deps).catch((error) => deps.logger.warn({ err: error }, 'maintenance failed'));
  const timer = setInterval(run, 60 * 60_000);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
