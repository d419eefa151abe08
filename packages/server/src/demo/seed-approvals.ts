import { ApiError } from '@traction/core';
import type { Db } from '../db/connect';
import { type Acting, decideApproval, executorsById } from '../domains/approvals/index';
import { effectivePermissions, findAdmin } from '../domains/auth/index';
import { requestWalletMovement, walletCreditExecutors } from '../domains/wallet-credit/index';

/**
 * Demo credit and debit requests in every state (issue 14): pending, approved (posted through
 * the ledger by the executor, as an authorisation would), declined and expired. Made through the
 * approvals and wallet-credit domains' own operations, acting as a demo Operations admin who
 * asks and a Finance admin who decides. Once: skipped when any request exists.
 */
export async function seedApprovals(db: Db, options: { now?: Date } = {}): Promise<{ requests: number }> {
  const existing = await db.selectFrom('approval_requests').select('id').limit(1).executeTakeFirst();
  if (existing) return { requests: 0 };
  const now = options.now ?? new Date();
  const [requester, decider] = [await demoAdmin(db, 'Operations'), await demoAdmin(db, 'Finance')];
  if (!requester || !decider) return { requests: 0 };
  // Wallets that may receive and hold money, richest first (debits must fit their balance).
  const wallets = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('wallets as w', 'w.uid', 'a.wallet_uid')
    .innerJoin('businesses as b', 'b.id', 'w.business_id')
    .select(['b.id', 'a.balance'])
    .where('w.status', '=', 'ACTIVE')
    .where('b.is_fraud', '=', false)
    .orderBy('a.balance', 'desc')
    .orderBy('b.id')
    .limit(9)
    .execute();
  if (wallets.length < 9) return { requests: 0 };
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  // Each request and each decision in its own transaction, as its command would run.
  const as = <T>(admin: Acting['admin'], at: Date, work: (acting: Acting) => Promise<T>) =>
    db.transaction().execute((trx) => work({ db: trx, now: at, admin, requestId: null }));
  const executors = executorsById(walletCreditExecutors);
  let made = 0;
  // A refusal (a wallet a limit or a policy stops) leaves that one out or pending: demo data never stops a start.
  const ask = async (index: number, direction: 'credit' | 'debit', naira: number, reason: string, at: Date) => {
    const asked = await refusable(() =>
      as(requester, at, (acting) => requestWalletMovement(acting, direction, { business: String(wallets[index]!.id), amount: naira * 100, reason })),
    );
    if (asked) made += 1;
    return asked?.request.id ?? null;
  };
  const decide = async (id: number | null, decision: 'approve' | 'decline', note: string, at: Date) => {
    if (id !== null) await refusable(() => as(decider, at, (acting) => decideApproval(acting, { id, decision, note, commandId: 'demo.seed', executors })));
  };

  // Pending, oldest first in the queue.
  await ask(0, 'credit', 15_000, 'Refund of a double-debited POS settlement, ticket 4411', hoursAgo(30));
  await ask(1, 'credit', 2_500, 'Goodwill credit after a failed payout, ticket 4420', hoursAgo(6));
  await ask(2, 'debit', 1_200, 'Recover a duplicate cashback paid on 14 November', hoursAgo(2));
  await ask(3, 'credit', 750_000, 'Settlement shortfall from the Providus outage (above ₦500,000: Finance decides)', hoursAgo(1));
  // Decided.
  await decide(await ask(4, 'credit', 8_000, 'Reimburse a terminal repair the merchant paid for', hoursAgo(50)), 'approve', 'Receipt checked', hoursAgo(48));
  await decide(
    await ask(5, 'debit', 3_000, 'Claw back a refund sent twice, ticket 4398', hoursAgo(26)),
    'approve',
    'Both refunds are in the log',
    hoursAgo(25),
  );
  await decide(
    await ask(6, 'credit', 40_000, 'Compensation requested by the merchant', hoursAgo(20)),
    'decline',
    'No ticket or evidence; ask support first',
    hoursAgo(19),
  );
  // Expired: asked four days ago, never decided (requests wait 72 hours).
  await ask(7, 'credit', 5_000, 'Refund of a reversed transfer fee', hoursAgo(96));
  await ask(8, 'debit', 1_000, 'Correct a cashback computed on the wrong rule', hoursAgo(100));
  return { requests: made };
}

/** The work's answer, or null when the domain refused it (an ApiError below 500). */
async function refusable<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
}

/** A demo admin of the department who has signed up, with the permissions they hold. */
export async function demoAdmin(db: Db, department: string): Promise<Acting['admin'] | null> {
  const row = await db
    .selectFrom('admins as a')
    .innerJoin('admin_departments as ad', 'ad.admin_id', 'a.id')
    .innerJoin('departments as d', 'd.id', 'ad.department_id')
    .select('a.id')
    .where('d.name', '=', department)
    .where('a.role', '<>', 'super_admin')
    .where('a.password_hash', 'is not', null)
    .where('a.deleted_at', 'is', null)
    .orderBy('a.id')
    .executeTakeFirst();
  const admin = row ? await findAdmin(db, row.id) : undefined;
  if (!admin) return null;
  return { ...admin, permissions: new Set(await effectivePermissions(db, admin.id, admin.role)) };
}
