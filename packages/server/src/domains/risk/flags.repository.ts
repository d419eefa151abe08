import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';

type Db = Kysely<Database>;

/** What a business with no trust holds: one definition for revoking it and for a fraud mark withdrawing it. */
const NO_TRUST = { is_trusted: false, trusted_by: null, trusted_at: null } as const;

/** Locks the businesses among `ids` whose fraud flag is not `mark` yet, with whether each is trusted. */
export function lockBusinessesToFlag(db: Db, ids: readonly number[], mark: boolean) {
  return db.selectFrom('businesses').select(['id', 'is_trusted']).where(sql<boolean>`id = any(${ids})`).where('is_fraud', '<>', mark).forUpdate().execute();
}

/** Marks businesses as fraud — withdrawing their trust, which never outranks a fraud mark — or clears the mark. */
export async function writeFraudFlag(
  db: Db,
  ids: readonly number[],
  change: { mark: boolean; reason: string | null; adminId: number; at: Date },
): Promise<void> {
  await db
    .updateTable('businesses')
    .set(
      change.mark
        ? { is_fraud: true, fraud_reason: change.reason, fraud_marked_by: change.adminId, fraud_marked_at: change.at, ...NO_TRUST, updated_at: change.at }
        : { is_fraud: false, fraud_reason: null, fraud_marked_by: null, fraud_marked_at: null, updated_at: change.at },
    )
    .where(sql<boolean>`id = any(${ids})`)
    .execute();
}

/** Grants or withdraws trust on one business. */
export async function writeTrust(db: Db, businessId: number, change: { trusted: boolean; adminId: number; at: Date }): Promise<void> {
  await db
    .updateTable('businesses')
    .set(
      change.trusted ? { is_trusted: true, trusted_by: change.adminId, trusted_at: change.at, updated_at: change.at } : { ...NO_TRUST, updated_at: change.at },
    )
    .where('id', '=', businessId)
    .execute();
}
