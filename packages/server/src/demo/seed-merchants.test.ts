import { FIXED_ACCOUNT_BANKS, isValidNuban, NIGERIAN_STATES } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../db/connect';
import { migrate } from '../db/migrate';
import { openTestDatabase } from '../test/test-database';
import { seedMerchants } from './seed-merchants';
import { LocalFileStore } from '../providers/files/local-file-store';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ANCHOR = new Date('2026-11-21T00:00:00.000Z');
const folder = mkdtempSync(join(tmpdir(), 'traction-seed-test-'));
const files = new LocalFileStore(folder);
let database: OpenedDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrate(database.db);
  await seedMerchants(database.db, { count: 1_500, anchor: ANCHOR, files });
});
afterAll(async () => {
  await database.close();
  rmSync(folder, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.db)).rows;

describe('demo merchants', () => {
  it('spreads merchants over the 36 states and the FCT, with an owner and a store each', async () => {
    const [states] = await rows(sql<{ n: number }>`select count(distinct state_code)::int n from businesses`);
    expect(states?.n).toBe(NIGERIAN_STATES.length);
    const [orphans] = await rows(
      sql<{
        n: number;
      }>`select count(*)::int n from businesses b where not exists (select 1 from business_users u where u.business_id = b.id and u.role = 'owner')`,
    );
    expect(orphans?.n).toBe(0);
    const [storeless] = await rows(
      sql<{ n: number }>`select count(*)::int n from businesses b where not exists (select 1 from stores s where s.business_id = b.id)`,
    );
    expect(storeless?.n).toBe(0);
  });

  it('has KYC records of every type in every status a reviewer can reach', async () => {
    const found = await rows(sql<{ verification_type: string; status: string }>`select distinct verification_type, status from kyc_records`);
    const byType = (type: string) =>
      found
        .filter((row) => row.verification_type === type)
        .map((row) => row.status)
        .sort();
    for (const type of ['DOCUMENT', 'ADDRESS', 'CORPORATE']) expect(byType(type)).toEqual(['APPROVED', 'DISAPPROVED', 'PENDING', 'PROCESSING', 'REJECTED']);
    expect(byType('EMAIL')).toEqual(['APPROVED', 'PENDING']);
  });

  it('gives fixed accounts real NUBANs at the bank that issued them, none in the future', async () => {
    const accounts = await database.db.selectFrom('fixed_accounts').select(['bank', 'account_number', 'created_at', 'last_activity_at']).execute();
    expect(new Set(accounts.map((a) => a.bank))).toEqual(new Set(['WEMA', 'PROVIDUS', 'VFD']));
    for (const account of accounts) {
      expect(isValidNuban(FIXED_ACCOUNT_BANKS[account.bank].code, account.account_number), account.account_number).toBe(true);
      expect(account.created_at.getTime()).toBeLessThanOrEqual(ANCHOR.getTime());
    }
    const tooEarly = accounts.filter((a) => a.last_activity_at && a.last_activity_at < a.created_at);
    expect(tooEarly).toEqual([]);
    const [future] = await rows(sql<{ n: number }>`select
      (select count(*)::int from kyc_records where reviewed_at > ${ANCHOR} or submitted_at > ${ANCHOR} or reviewed_at < submitted_at)
      + (select count(*)::int from kyc_events where at > ${ANCHOR})
      + (select count(*)::int from businesses where created_at > ${ANCHOR} or fraud_marked_at > ${ANCHOR}) n`);
    expect(future?.n, "rows dated after the data set's day, or reviewed before they were submitted").toBe(0);
    const banks = await database.db.selectFrom('bank_accounts').select(['bank_code', 'account_number']).execute();
    expect(banks.every((a) => isValidNuban(a.bank_code, a.account_number))).toBe(true);
  });

  it('gives document, address and corporate records specimen documents kept in the file store', async () => {
    const [missing] = await rows(
      sql<{
        n: number;
      }>`select count(*)::int n from kyc_records k where k.verification_type in ('DOCUMENT', 'ADDRESS', 'CORPORATE') and not exists (select 1 from kyc_documents d where d.kyc_id = k.id)`,
    );
    expect(missing?.n).toBe(0);
    const uploads = await database.db.selectFrom('uploads').selectAll().execute();
    expect(uploads.map((u) => u.content_type).sort()).toEqual(['application/pdf', 'application/pdf', 'image/png', 'image/png']);
    for (const upload of uploads) {
      const bytes = await files.get(upload.storage_key);
      expect(bytes && createHash('sha256').update(bytes).digest('hex')).toBe(upload.sha256);
    }
  });

  it('includes the cases the risk pages exist for', async () => {
    const [counts] = await rows(
      sql<{ fraud: number; trusted: number; pnd: number; blacklisted: number; inactive: number }>`select
        (select count(*)::int from businesses where is_fraud) fraud,
        (select count(*)::int from businesses where is_trusted) trusted,
        (select count(*)::int from wallets where status = 'PND') pnd,
        (select count(*)::int from fixed_accounts where blacklisted) blacklisted,
        (select count(*)::int from fixed_accounts where last_activity_at is null or last_activity_at < ${new Date(ANCHOR.getTime() - 90 * 86_400_000)}) inactive`,
    );
    for (const [name, n] of Object.entries(counts!)) expect(n, name).toBeGreaterThan(5);
  });

  it('is the same data on every run and is not loaded twice', async () => {
    const other = await openTestDatabase();
    try {
      await migrate(other.db);
      await seedMerchants(other.db, { count: 1_500, anchor: ANCHOR });
      const digest = (db: OpenedDatabase['db']) =>
        sql<{ d: string }>`select md5(string_agg(id || name || email || phone || state_code || created_at::text, ',' order by id)) d from businesses`.execute(
          db,
        );
      expect((await digest(other.db)).rows[0]?.d).toBe((await digest(database.db)).rows[0]?.d);
      expect(await seedMerchants(other.db, { count: 1_500, anchor: ANCHOR })).toEqual({ businesses: 0 });
    } finally {
      await other.close();
    }
  });
});
