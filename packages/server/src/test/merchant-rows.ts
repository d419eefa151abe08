import { nuban } from '@traction/core';
import type { Insertable } from 'kysely';
import type { Db } from '../db/connect';
import type { BankAccountsTable, BusinessUsersTable, StoresTable, SupportIssuesTable } from '../db/tables/businesses.tables';

let sequence = 0;
const next = () => (sequence += 1);

/** A bank account with a valid NUBAN at GTBank (058) unless told otherwise. */
export async function insertBankAccount(db: Db, businessId: number, values: Partial<Insertable<BankAccountsTable>> = {}) {
  const n = next();
  const bankCode = values.bank_code ?? '058';
  return db
    .insertInto('bank_accounts')
    .values({
      business_id: businessId,
      bank_code: bankCode,
      bank_name: 'Guaranty Trust Bank',
      account_number: nuban(bankCode, String(100_000_000 + n)),
      account_name: `Account ${n}`,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertBusinessUser(db: Db, businessId: number, values: Partial<Insertable<BusinessUsersTable>> = {}) {
  const n = next();
  return db
    .insertInto('business_users')
    .values({
      business_id: businessId,
      email: `user${n}@example.ng`,
      first_name: 'Chidi',
      last_name: `Okafor ${n}`,
      phone: '+2348030000000',
      role: 'cashier',
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertStore(db: Db, businessId: number, values: Partial<Insertable<StoresTable>> = {}) {
  const n = next();
  return db
    .insertInto('stores')
    .values({ business_id: businessId, name: `Outlet ${n}`, state_code: 'LA', ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertSupportIssue(db: Db, businessId: number, values: Partial<Insertable<SupportIssuesTable>> = {}) {
  const n = next();
  return db
    .insertInto('support_issues')
    .values({ business_id: businessId, subject: `Issue ${n}`, body: 'Terminal not printing receipts', channel: 'PHONE', ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The audit rows of a command, oldest first. */
export async function auditRows(db: Db, commandId: string) {
  return db.selectFrom('audit_log').selectAll().where('command_id', '=', commandId).orderBy('id').execute();
}
