import type { Permission, Role } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { hashPassword } from '../domains/auth/index';
import { FIRST_NAMES, LAST_NAMES } from './names';

/** Permissions each seeded department starts with. */
const DEPARTMENT_PERMISSIONS: Record<string, Permission[]> = {
  Operations: [
    'admins.view',
    'permissions.view',
    'merchants.view',
    'merchants.create',
    'fixed-accounts.view',
    'fixed-accounts.manage',
    'banks.query',
    'providus.manage',
    'kyc.view',
    'wallets.view',
    'wallets.reverse',
    'wallets.credit.request',
    'approvals.view',
    'transfers.view',
    'transfers.create',
    'transfers.retry',
    'transfers.bulk',
    'jobs.view',
    'payments.view',
    'settlements.view',
    'settlements.settle',
    'monitoring.view',
    'terminals.view',
    'terminals.manage',
    'terminals.override',
    'terminals.deploy',
    'terminals.delivery-states',
    'terminal-requests.view',
    'terminal-requests.manage',
    'terminal-requests.approve',
    // Loan officers: they ask for loans (a second admin approves) and run the deductions that repay them.
    'loans.view',
    'loans.manage',
    'deductions.view',
    'deductions.manage',
    'deductions.run',
    // What merchants do in the merchant app (issue 21): sales, invoices, orders, stores, products.
    'datasets.view',
  ],
  'Risk & Compliance': [
    'admins.view',
    'audit.view',
    'merchants.view',
    'kyc.view',
    'kyc.review',
    'kyc.blacklist',
    'kyc.override',
    'kyc.corporate',
    'uploads.create',
    'fraud.view',
    'fraud.manage',
    'merchants.trust',
    'wallets.status',
    'fixed-accounts.view',
    'fixed-accounts.blacklist',
    'banks.query',
    'wallets.view',
    'ledger.view',
    'transfers.view',
    'transfers.review',
    'fraud-rules.view',
    'fraud-rules.manage',
    'jobs.view',
    'payments.view',
    'monitoring.view',
  ],
  'Customer Support': [
    'admins.view',
    'merchants.view',
    'merchants.support',
    'kyc.view',
    'fixed-accounts.view',
    'wallets.view',
    'payments.view',
    'terminals.view',
    'terminal-requests.view',
    'terminal-requests.manage',
    'savings.view',
    // Merchants call support about what was deducted from their wallets.
    'loans.view',
    'deductions.view',
  ],
  Finance: [
    'admins.view',
    'audit.view',
    'merchants.view',
    'fixed-accounts.view',
    'banks.query',
    'wallets.view',
    'wallets.credit.authorise',
    'wallets.settings',
    'approvals.view',
    'ledger.view',
    'transfers.view',
    'transfers.create',
    'transfers.retry',
    'transfers.bulk',
    'transfers.providers',
    'jobs.view',
    'payments.view',
    'settlements.view',
    'settlements.settle',
    'pricing-bands.view',
    'pricing-bands.manage',
    'pricing-bands.assign',
    // Finance approves the loans Operations asks for, pays them out and writes off what cannot be recovered.
    'loans.view',
    'loans.manage',
    'loans.approve',
    'loans.disburse',
    'deductions.view',
    'deductions.run',
  ],
  Management: [
    'admins.view',
    'permissions.view',
    'audit.view',
    'devices.authorize',
    'merchants.view',
    'kyc.view',
    'fraud.view',
    'fixed-accounts.view',
    'wallets.view',
    'ledger.view',
    'approvals.view',
    'transfers.view',
    'fraud-rules.view',
    'jobs.view',
    'payments.view',
    'settlements.view',
    'monitoring.view',
    'terminals.view',
    'savings.view',
    'loans.view',
    'deductions.view',
    'datasets.view',
  ],
  Engineering: ['admins.view', 'permissions.view', 'audit.view', 'jobs.view', 'transfers.view', 'monitoring.view'],
};

// The first 24 and 16 names: the demo admins are the same whatever the merchants' lists grow to.
const FIRST = FIRST_NAMES.slice(0, 24);
const LAST = LAST_NAMES.slice(0, 16);
const ROLES: Role[] = ['admin', 'staff', 'staff', 'staff'];

/**
 * The demo data set: deterministic, so every fresh start looks the same. Loaded once, on a
 * database with no admins but the super admin. `scale` multiplies the size for benchmarks.
 */
export async function seedDemo(db: Db, options: { scale?: number; scryptLogN: number; password?: string }): Promise<{ admins: number }> {
  const { n } = await db.selectFrom('admins').select(sql<bigint>`count(*)`.as('n')).executeTakeFirstOrThrow();
  if (Number(n) > 1) return { admins: 0 };
  const departments = await db.selectFrom('departments').select(['id', 'name']).execute();
  for (const department of departments) {
    const permissions = DEPARTMENT_PERMISSIONS[department.name] ?? [];
    if (permissions.length === 0) continue;
    await db
      .insertInto('department_permissions')
      .values(permissions.map((permission) => ({ department_id: department.id, permission })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // One shared hash: demo accounts sign in with the same demo password.
  const passwordHash = await hashPassword(options.password ?? 'demo-password-2026', options.scryptLogN);
  const count = 40 * (options.scale ?? 1);
  const rows = Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    return {
      email: `${first}.${last}${i >= FIRST.length ? i : ''}@traction.ng`.toLowerCase(),
      first_name: first,
      last_name: last,
      role: ROLES[i % ROLES.length]!,
      // every fifth has not accepted the invitation yet
      password_hash: i % 5 === 4 ? null : passwordHash,
      created_at: new Date(Date.UTC(2025, 0, 6) + i * 86_400_000 * 3),
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await db
      .insertInto('admins')
      .values(rows.slice(start, start + 500))
      .returning('id')
      .execute();
    const memberships = inserted.map(({ id }, offset) => ({
      admin_id: id,
      department_id: departments[(start + offset) % departments.length]!.id,
    }));
    await db.insertInto('admin_departments').values(memberships).execute();
  }
  return { admins: rows.length };
}
