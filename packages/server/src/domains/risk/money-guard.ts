import { conflict, moneyMovementPolicy, notFound, type MoneyDecision, type MoneyPolicy } from '@traction/core';
import type { Db } from '../../db/connect';

export interface MoneyMovement {
  businessId: number;
  /** `debit`: money leaves the business; `credit`: money reaches it. */
  direction: 'debit' | 'credit';
  /** For a credit arriving through one of the business's fixed (virtual) accounts. */
  fixedAccountId?: number;
}

/** The money policy for a business (and, for credits, the fixed account they come through), read from the database. */
export async function moneyPolicyFor(db: Db, movement: Omit<MoneyMovement, 'direction'>): Promise<MoneyPolicy> {
  const business = await db
    .selectFrom('businesses as b')
    .leftJoin('wallets as w', 'w.business_id', 'b.id')
    .select(['b.id', 'b.name', 'b.is_fraud', 'w.status as wallet_status'])
    .where('b.id', '=', movement.businessId)
    .executeTakeFirst();
  if (!business) throw notFound(`Business ${movement.businessId} does not exist`);
  let fixedAccount = null;
  if (movement.fixedAccountId !== undefined) {
    const account = await db
      .selectFrom('fixed_accounts')
      .select(['account_number', 'blacklisted', 'status'])
      .where('id', '=', movement.fixedAccountId)
      .where('business_id', '=', business.id)
      .executeTakeFirst();
    if (!account) throw notFound(`Business ${business.id} has no fixed account ${movement.fixedAccountId}`);
    fixedAccount = { accountNumber: account.account_number, blacklisted: account.blacklisted, status: account.status };
  }
  return moneyMovementPolicy({ isFraud: business.is_fraud, walletStatus: business.wallet_status ?? null, fixedAccount });
}

/**
 * The money policy of each business whose wallet a posting moves, read in one statement that
 * also holds the wallets and businesses `for key share` until the posting commits: risk's status
 * and fraud changes read them `for update`, so a freeze and a posting take turns, while ordinary
 * edits of a merchant are not held. Businesses without a wallet are absent from the answer.
 */
export async function heldMoneyPolicies(db: Db, businessIds: readonly number[]): Promise<Map<number, MoneyPolicy>> {
  if (businessIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('businesses as b')
    .innerJoin('wallets as w', 'w.business_id', 'b.id')
    .select(['b.id', 'b.is_fraud', 'w.status as wallet_status'])
    .where('b.id', 'in', businessIds)
    .orderBy('b.id')
    .forKeyShare()
    .execute();
  return new Map(rows.map((row) => [row.id, moneyMovementPolicy({ isFraud: row.is_fraud, walletStatus: row.wallet_status, fixedAccount: null })]));
}

/**
 * Refuses with 409 and the policy's reason when the business may not move money this way.
 * Every command that moves money calls it first (wallet debits and credits, transfers,
 * settlements, re-sent inbound notifications, re-pushed virtual accounts).
 */
export async function assertMoneyMayMove(db: Db, movement: MoneyMovement): Promise<MoneyDecision> {
  const policy = await moneyPolicyFor(db, movement);
  const decision = policy[movement.direction];
  if (!decision.allowed) throw conflict(decision.reason, { reason: decision.rule, direction: movement.direction });
  return decision;
}
