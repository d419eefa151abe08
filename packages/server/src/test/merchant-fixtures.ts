import type { Db } from '../db/connect';
import type { BusinessesTable } from '../db/tables/businesses.tables';
import type { KycRecordsTable } from '../db/tables/kyc.tables';
import type { FixedAccountsTable, WalletsTable } from '../db/tables/risk.tables';
import type { Insertable } from 'kysely';

let sequence = 0;
const next = () => (sequence += 1);

/** A business with sensible defaults; pass what the test cares about. */
export async function insertBusiness(db: Db, values: Partial<Insertable<BusinessesTable>> = {}) {
  const n = next();
  return db
    .insertInto('businesses')
    .values({
      name: `Test Stores ${n}`,
      email: `owner${n}@example.ng`,
      phone: `+23480${String(30000000 + n).padStart(8, '0')}`,
      category: 'RETAIL',
      state_code: 'LA',
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The business's wallet (one per business). */
export async function insertWallet(db: Db, businessId: number, values: Partial<Insertable<WalletsTable>> = {}) {
  return db
    .insertInto('wallets')
    .values({ business_id: businessId, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A fixed account with a unique 10-digit number. */
export async function insertFixedAccount(db: Db, businessId: number, values: Partial<Insertable<FixedAccountsTable>> = {}) {
  const n = next();
  return db
    .insertInto('fixed_accounts')
    .values({
      business_id: businessId,
      bank: 'WEMA',
      account_number: String(7_000_000_000 + n),
      account_name: `Traction/Test Stores ${n}`,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A KYC record, PENDING unless told otherwise. */
export async function insertKycRecord(db: Db, businessId: number, values: Partial<Insertable<KycRecordsTable>> = {}) {
  const n = next();
  return db
    .insertInto('kyc_records')
    .values({
      business_id: businessId,
      verification_type: 'DOCUMENT',
      document_type: 'NIN',
      id_number: String(10_000_000_000 + n),
      status: 'PENDING',
      updated_at: new Date('2026-11-20T09:00:00.000Z'),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
