import type { Db } from '../../db/connect';
import type { AppDeps } from '../../deps';
import type { EmailMessage } from '../../providers/email/email-provider';
import { deliverEmail } from './email-delivery';
import { insertOutboxEmail } from './outbox.repository';

export { deliverEmail, deliverPending, MAX_EMAIL_ATTEMPTS, retryDelayMs, type DeliveryReport } from './email-delivery';

/** What queueing needs of a command's context (a `HandlerContext` is one). */
export interface OutboxContext {
  /** The command's transaction: the message exists only if the command commits. */
  db: Db;
  deps: AppDeps;
  now: Date;
  afterCommit(work: () => Promise<void> | void): void;
}

/**
 * Emails `message` once the command commits: writes it to the outbox in the command's
 * transaction and sends it right after the commit. A send that fails does not fail the command;
 * the worker (`deliverPending`) tries again later. A rolled-back command sends nothing.
 */
export async function queueEmail(
  ctx: OutboxContext,
  message: EmailMessage,
  options: {
    /** When the link the message carries stops working: it is not sent after that. */
    discardAfter?: Date;
  } = {},
): Promise<void> {
  const id = await insertOutboxEmail(ctx.db, { ...message, discardAfter: options.discardAfter ?? null, at: ctx.now });
  ctx.afterCommit(async () => {
    await deliverEmail(ctx.deps, id);
  });
}
