import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { EmailOutboxTable } from '../../db/tables/outbox.tables';

export type OutboxRow = Selectable<EmailOutboxTable>;

export interface NewOutboxEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  data: Record<string, string>;
  discardAfter: Date | null;
  at: Date;
}

/** Writes a message due at once; call in the command's transaction so it exists only if the command commits. */
export async function insertOutboxEmail(db: Db, email: NewOutboxEmail): Promise<number> {
  const row = await db
    .insertInto('email_outbox')
    .values({
      kind: email.kind,
      to_address: email.to,
      subject: email.subject,
      body: email.text,
      data: JSON.stringify(email.data),
      next_attempt_at: email.at,
      discard_after: email.discardAfter,
      created_at: email.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims due messages (or one, by id) for this process until `claimUntil`: one statement whose
 * `for update skip locked` lets processes claiming at the same moment take different rows, and
 * whose status change keeps them from taking a claimed row later. The attempt is counted here,
 * so a process that dies mid-send still uses one up.
 */
export async function claimDueEmails(db: Db, args: { now: Date; claimUntil: Date; limit: number; id?: number }): Promise<OutboxRow[]> {
  let due = db.selectFrom('email_outbox').select('id').where('status', 'in', ['pending', 'sending']).where('next_attempt_at', '<=', args.now);
  if (args.id !== undefined) due = due.where('id', '=', args.id);
  due = due.where((eb) => eb.or([eb('discard_after', 'is', null), eb('discard_after', '>', args.now)]));
  return db
    .updateTable('email_outbox')
    .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), next_attempt_at: args.claimUntil }))
    .where('id', 'in', due.orderBy('next_attempt_at').orderBy('id').limit(args.limit).forUpdate().skipLocked())
    .returningAll()
    .execute();
}

/**
 * The outcome of one claimed attempt. Only the claim that made `attempt` may record it: a claim
 * taken over after its lease lapsed finds the row changed and writes nothing.
 */
export async function recordEmailSent(db: Db, args: { id: number; attempt: number; at: Date; providerMessageId: string }): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'sent', sent_at: args.at, provider_message_id: args.providerMessageId, body: null, data: null, last_error: null })
    .where('id', '=', args.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', args.attempt)
    .execute();
}

export async function recordEmailRetry(db: Db, args: { id: number; attempt: number; error: string; nextAttemptAt: Date }): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'pending', last_error: args.error, next_attempt_at: args.nextAttemptAt })
    .where('id', '=', args.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', args.attempt)
    .execute();
}

export async function recordEmailGivenUp(db: Db, args: { id: number; attempt: number; error: string; at: Date }): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'failed', last_error: args.error, given_up_at: args.at, body: null, data: null })
    .where('id', '=', args.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', args.attempt)
    .execute();
}

/**
 * Gives up, unsent, messages whose link has stopped working (a reset link lasts an hour): sending
 * it now would only confuse. Claimed rows are left to their claim until it lapses.
 */
export async function giveUpExpiredEmails(db: Db, args: { now: Date; error: string }): Promise<OutboxRow[]> {
  return db
    .updateTable('email_outbox')
    .set({ status: 'failed', last_error: args.error, given_up_at: args.now, body: null, data: null })
    .where('discard_after', '<=', args.now)
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'sending'), eb('next_attempt_at', '<=', args.now)])]))
    .returningAll()
    .execute();
}
