import {
  IDENTITY_DOCUMENT_TYPES,
  koboFromDatabase,
  LIMIT_FREE_KINDS,
  type KycTier,
  type TierLimits,
  type TierLimitsRow,
  KYC_TIER_MEANING,
} from '@traction/core';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect';
import { isoTimestampOrNull } from '../../db/timestamps';
import { settingsDb } from './wallet-settings.tables';

const koboOrNull = (value: bigint | null) => (value === null ? null : koboFromDatabase(value));

// ---- tier limits

function tierLimitsQuery(db: Db) {
  return settingsDb(db)
    .selectFrom('wallet_tier_limits as l')
    .leftJoin('admins as a', 'a.id', 'l.updated_by')
    .select(['l.tier', 'l.single_debit_limit', 'l.daily_debit_limit', 'l.max_balance', 'l.updated_at', 'a.email as updated_by_email'])
    .orderBy('l.tier');
}

type TierRow = Awaited<ReturnType<ReturnType<typeof tierLimitsQuery>['execute']>>[number];

function toTierLimitsRow(row: TierRow): TierLimitsRow {
  return {
    tier: row.tier,
    meaning: KYC_TIER_MEANING[row.tier as KycTier] ?? '',
    singleDebitLimit: koboOrNull(row.single_debit_limit),
    dailyDebitLimit: koboOrNull(row.daily_debit_limit),
    maxBalance: koboOrNull(row.max_balance),
    updatedAt: isoTimestampOrNull(row.updated_at),
    updatedBy: row.updated_by_email ?? null,
  };
}

/** Every tier's limits, tier 1 first. */
export async function readTierLimits(db: Db): Promise<TierLimitsRow[]> {
  return (await tierLimitsQuery(db).execute()).map(toTierLimitsRow);
}

/** Every tier's limits under a row lock, so two admins changing them take turns and the order check sees the other's change. */
export async function lockTierLimits(db: Db): Promise<TierLimits[]> {
  const rows = await settingsDb(db)
    .selectFrom('wallet_tier_limits')
    .select(['tier', 'single_debit_limit', 'daily_debit_limit', 'max_balance'])
    .orderBy('tier')
    .forUpdate()
    .execute();
  return rows.map((row) => ({
    tier: row.tier as KycTier,
    singleDebitLimit: koboOrNull(row.single_debit_limit),
    dailyDebitLimit: koboOrNull(row.daily_debit_limit),
    maxBalance: koboOrNull(row.max_balance),
  }));
}

export async function writeTierLimits(db: Db, limits: TierLimits, change: { adminId: number; at: Date }): Promise<void> {
  await settingsDb(db)
    .updateTable('wallet_tier_limits')
    .set({
      single_debit_limit: limits.singleDebitLimit,
      daily_debit_limit: limits.dailyDebitLimit,
      max_balance: limits.maxBalance,
      updated_by: change.adminId,
      updated_at: change.at,
    })
    .where('tier', '=', limits.tier)
    .execute();
}

// ---- transfer fee

export async function readTransferFee(db: Db) {
  const row = await settingsDb(db)
    .selectFrom('wallet_settings as s')
    .leftJoin('admins as a', 'a.id', 's.transfer_fee_updated_by')
    .select(['s.transfer_fee', 's.transfer_fee_updated_at', 'a.email as updated_by_email'])
    .executeTakeFirstOrThrow();
  return { fee: koboFromDatabase(row.transfer_fee), updatedAt: isoTimestampOrNull(row.transfer_fee_updated_at), updatedBy: row.updated_by_email ?? null };
}

/** The fee under a row lock: the answer's "previous fee" is the one this change replaced. */
export async function lockTransferFee(db: Db): Promise<number> {
  const row = await settingsDb(db).selectFrom('wallet_settings').select('transfer_fee').forUpdate().executeTakeFirstOrThrow();
  return koboFromDatabase(row.transfer_fee);
}

export async function writeTransferFee(db: Db, fee: number, change: { adminId: number; at: Date }): Promise<void> {
  await settingsDb(db)
    .updateTable('wallet_settings')
    .set({ transfer_fee: fee, transfer_fee_updated_by: change.adminId, transfer_fee_updated_at: change.at })
    .where('id', '=', true)
    .execute();
}

// ---- what the limits read about a wallet

/**
 * For each wallet: its business's KYC override and approved verifications (the tier's
 * evidence), its ledger balance, what it has debited today and every tier's limits — the
 * function `wallet_limit_inputs` (0017: planned once per connection, as every debiting posting
 * asks it), given core's limit-free kinds and identity documents.
 */
export async function walletLimitInputs(db: Db, walletUids: readonly string[]) {
  const result = await sql<{
    wallet_uid: string;
    business_id: number;
    account_id: number | null;
    balance: string;
    kyc_exempt: boolean;
    bvn_exempt: boolean;
    identity_approved: boolean;
    address_approved: boolean;
    corporate_approved: boolean;
    used_today: string;
    day: string;
    tier_limits: { tier: number; single: string | null; daily: string | null; max: string | null }[];
  }>`select * from wallet_limit_inputs(${[...walletUids]}::uuid[], ${[...LIMIT_FREE_KINDS]}::text[], ${[...IDENTITY_DOCUMENT_TYPES]}::text[])`.execute(db);
  return result.rows.map((row) => ({
    walletUid: row.wallet_uid,
    businessId: row.business_id,
    accountId: row.account_id,
    balance: koboFromDatabase(BigInt(row.balance)),
    evidence: {
      kycExempt: row.kyc_exempt,
      bvnExempt: row.bvn_exempt,
      identityApproved: row.identity_approved,
      addressApproved: row.address_approved,
      corporateApproved: row.corporate_approved,
    },
    usedToday: koboFromDatabase(BigInt(row.used_today)),
    day: row.day,
    tierLimits: row.tier_limits.map(
      (limits): TierLimits => ({
        tier: limits.tier as KycTier,
        singleDebitLimit: limits.single === null ? null : koboFromDatabase(BigInt(limits.single)),
        dailyDebitLimit: limits.daily === null ? null : koboFromDatabase(BigInt(limits.daily)),
        maxBalance: limits.max === null ? null : koboFromDatabase(BigInt(limits.max)),
      }),
    ),
  }));
}

// ---- cashback rules

export function cashbackRuleQuery(db: Db) {
  return settingsDb(db)
    .selectFrom('cashback_rules as r')
    .leftJoin('admins as a', 'a.id', 'r.updated_by')
    .select([
      'r.id',
      'r.name',
      'r.percentage_bp',
      'r.cap',
      'r.minimum_transaction',
      'r.applies_to',
      'r.active',
      'r.created_at',
      'r.updated_at',
      'a.email as updated_by_email',
    ]);
}

export type CashbackRuleRow = Awaited<ReturnType<ReturnType<typeof cashbackRuleQuery>['execute']>>[number];

export async function findCashbackRule(db: Db, id: number) {
  return cashbackRuleQuery(db).where('r.id', '=', id).executeTakeFirst();
}

export async function lockCashbackRule(db: Db, id: number) {
  return settingsDb(db).selectFrom('cashback_rules').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface CashbackRuleValues {
  name: string;
  percentageBasisPoints: number;
  cap: number;
  minimumTransaction: number;
  appliesTo: 'pos_credit';
  active: boolean;
}

export async function insertCashbackRule(db: Db, rule: CashbackRuleValues, change: { adminId: number; at: Date }): Promise<number> {
  const row = await settingsDb(db)
    .insertInto('cashback_rules')
    .values({
      name: rule.name,
      percentage_bp: rule.percentageBasisPoints,
      cap: rule.cap,
      minimum_transaction: rule.minimumTransaction,
      applies_to: rule.appliesTo,
      active: rule.active,
      created_by: change.adminId,
      created_at: change.at,
      updated_by: change.adminId,
      updated_at: change.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function writeCashbackRule(db: Db, id: number, rule: CashbackRuleValues, change: { adminId: number; at: Date }): Promise<void> {
  await settingsDb(db)
    .updateTable('cashback_rules')
    .set({
      name: rule.name,
      percentage_bp: rule.percentageBasisPoints,
      cap: rule.cap,
      minimum_transaction: rule.minimumTransaction,
      applies_to: rule.appliesTo,
      active: rule.active,
      updated_by: change.adminId,
      updated_at: change.at,
    })
    .where('id', '=', id)
    .execute();
}

/** The active rules of a kind a credit of `amount` kobo reaches (its minimum), with whether the business earns cashback at all. */
export async function cashbackCandidates(db: Db, businessId: number, amount: number, kind: 'pos_credit') {
  const settings = settingsDb(db);
  const activation = await settings.selectFrom('business_cashback').select('active').where('business_id', '=', businessId).executeTakeFirst();
  if (!activation?.active) return { activated: false, rules: [] };
  const rules = await settings
    .selectFrom('cashback_rules')
    .select(['id', 'name', 'percentage_bp', 'cap'])
    .where('active', '=', true)
    .where('applies_to', '=', kind)
    .where('minimum_transaction', '<=', BigInt(amount))
    .orderBy('id')
    .execute();
  return { activated: true, rules: rules.map((rule) => ({ id: rule.id, name: rule.name, basisPoints: rule.percentage_bp, cap: koboFromDatabase(rule.cap) })) };
}

// ---- cashback activation per business

export function cashbackActivationQuery(db: Db) {
  return settingsDb(db)
    .selectFrom('businesses as b')
    .leftJoin('wallets as w', 'w.business_id', 'b.id')
    .leftJoin('business_cashback as c', 'c.business_id', 'b.id')
    .leftJoin('admins as a', 'a.id', 'c.changed_by')
    .select(['b.id', 'b.name', 'b.email', 'w.status as wallet_status', 'c.active', 'c.changed_at', 'a.email as changed_by_email']);
}

export type CashbackActivationDbRow = Awaited<ReturnType<ReturnType<typeof cashbackActivationQuery>['execute']>>[number];

/**
 * The businesses named, locked so two admins changing one take turns, with whether each earns
 * cashback. Ids travel as one array parameter: a 50,000-row selection stays far below the
 * protocol's parameter limit.
 */
export async function lockActivations(db: Db, businessIds: readonly number[]) {
  if (businessIds.length === 0) return [];
  const ids = [...businessIds];
  const businesses = await settingsDb(db)
    .selectFrom('businesses')
    .select(['id', 'name'])
    .where(sql<SqlBool>`id = any(${ids})`)
    .orderBy('id')
    // No-key update: two admins take turns, while postings (which hold businesses for key share) are not held up.
    .forNoKeyUpdate()
    .execute();
  const activations = await settingsDb(db)
    .selectFrom('business_cashback')
    .select(['business_id', 'active'])
    .where(sql<SqlBool>`business_id = any(${ids})`)
    .execute();
  const active = new Map(activations.map((row) => [row.business_id, row.active]));
  return businesses.map((business) => ({ id: business.id, name: business.name, active: active.get(business.id) ?? false }));
}

/** Sets the activation of every business named, in one statement. */
export async function writeActivations(db: Db, businessIds: readonly number[], change: { active: boolean; adminId: number; at: Date }): Promise<void> {
  if (businessIds.length === 0) return;
  await sql`
    insert into business_cashback (business_id, active, changed_by, changed_at)
    select id, ${change.active}, ${change.adminId}, ${change.at} from unnest(${[...businessIds]}::integer[]) as id
    on conflict (business_id) do update set active = excluded.active, changed_by = excluded.changed_by, changed_at = excluded.changed_at`.execute(db);
}
