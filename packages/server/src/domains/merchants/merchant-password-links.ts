import { sql } from 'kysely';
import { newSecret, sha256 } from '../../crypto';
import { queueEmail, type OutboxContext } from '../outbox';

export interface MerchantPasswordLink {
  link: string;
  expiresAt: Date;
  /** Earlier unused, unexpired links of the same person that stopped working. */
  voided: number;
}

/**
 * Issues a single-use link for a business user to set their password and emails it once the
 * command commits. Links are per person: every earlier unused link of any business-user row with
 * the same email stops working. Only the SHA-256 of the token is kept. Run it inside the
 * command's transaction: a command that rolls back sends nothing, and a failed send is retried
 * by the outbox, never undoing the signup that asked for it.
 */
export async function issueMerchantPasswordLink(
  ctx: OutboxContext,
  args: { userId: number; email: string; firstName: string; purpose: 'welcome' | 'reset'; createdBy: number; now: Date },
): Promise<MerchantPasswordLink> {
  const { db, deps } = ctx;
  const expiresAt = new Date(args.now.getTime() + deps.config.merchantLinkTtlMinutes * 60_000);
  const voided = await db
    .updateTable('business_user_tokens')
    .set({ used_at: args.now })
    .where('used_at', 'is', null)
    .where('expires_at', '>', args.now)
    .where('user_id', 'in', db.selectFrom('business_users').select('id').where(sql<boolean>`lower(email) = ${args.email.toLowerCase()}`))
    .executeTakeFirst();
  const token = newSecret('mpw');
  await db
    .insertInto('business_user_tokens')
    .values({ user_id: args.userId, token_hash: sha256(token), expires_at: expiresAt, created_by: args.createdBy, created_at: args.now })
    .execute();
  const url = new URL(deps.config.merchantAppUrl);
  url.searchParams.set('token', token);
  const link = url.toString();
  const welcome = args.purpose === 'welcome';
  await queueEmail(
    ctx,
    {
      to: args.email,
      kind: welcome ? 'invite' : 'password-reset',
      subject: welcome ? 'Welcome to Traction: set your password' : 'Set a new Traction password',
      text: welcome
        ? `Hello ${args.firstName}, your business is now on Traction. Choose your password here: ${link} (valid until ${expiresAt.toISOString()}, once).`
        : `Hello ${args.firstName}, choose a new Traction password here: ${link} (valid until ${expiresAt.toISOString()}, once). If you did not ask for this, tell our support team.`,
      data: { link, token, audience: 'merchant' },
    },
    { discardAfter: expiresAt },
  );
  return { link, expiresAt, voided: Number(voided.numUpdatedRows) };
}
