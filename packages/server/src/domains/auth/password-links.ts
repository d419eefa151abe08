import { queueEmail, type OutboxContext } from '../outbox';
import { newSecret, sha256 } from '../../crypto';

/**
 * Issues a single-use link to set a password and emails it once the command commits. Earlier
 * unused links of the admin stop working. Run it inside the command's transaction: a command
 * that rolls back sends nothing, and a failed send is retried by the outbox, never undoing the
 * command.
 */
export async function sendPasswordLink(
  ctx: OutboxContext,
  args: { adminId: number; email: string; firstName: string; purpose: 'invite' | 'reset'; createdBy: number; now: Date },
): Promise<Date> {
  const { db, deps } = ctx;
  const ttlMs = args.purpose === 'invite' ? deps.config.inviteLinkTtlHours * 3_600_000 : deps.config.resetLinkTtlMinutes * 60_000;
  const expiresAt = new Date(args.now.getTime() + ttlMs);
  await db.updateTable('password_tokens').set({ used_at: args.now }).where('admin_id', '=', args.adminId).where('used_at', 'is', null).execute();
  const token = newSecret('pwd');
  await db
    .insertInto('password_tokens')
    .values({
      admin_id: args.adminId,
      token_hash: sha256(token),
      purpose: args.purpose,
      created_at: args.now,
      expires_at: expiresAt,
      created_by: args.createdBy,
    })
    .execute();
  const link = `${deps.config.publicUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  const invite = args.purpose === 'invite';
  await queueEmail(
    ctx,
    {
      to: args.email,
      kind: invite ? 'invite' : 'password-reset',
      subject: invite ? 'You have been invited to Traction Admin' : 'Reset your Traction Admin password',
      text: invite
        ? `Hello ${args.firstName}, an account was created for you on Traction Admin. Choose your password here: ${link} (valid until ${expiresAt.toISOString()}).`
        : `Hello ${args.firstName}, choose a new Traction Admin password here: ${link} (valid until ${expiresAt.toISOString()}). Your sessions have been ended.`,
      data: { link, token },
    },
    { discardAfter: expiresAt },
  );
  return expiresAt;
}
