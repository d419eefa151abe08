import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../db/connect';
import { migrate } from '../db/migrate';
import { checkLedger } from '../domains/ledger/index';
import { openTestDatabase } from '../test/test-database';
import { seedApprovals } from './seed-approvals';
import { seedDemo } from './seed-demo';
import { seedLedger } from './seed-ledger';
import { seedMerchants } from './seed-merchants';

const NOW = new Date('2026-11-21T10:00:00.000Z');

describe('demo credit and debit requests', () => {
  let database: OpenedDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrate(database.db);
    await seedDemo(database.db, { scryptLogN: 10 });
    await seedMerchants(database.db, { count: 600, anchor: NOW });
    await seedLedger(database.db, { anchor: NOW });
    expect(await seedApprovals(database.db, { now: NOW })).toEqual({ requests: 9 });
  });
  afterAll(() => database.close());

  it('are in every state, the approved ones posted through the ledger, and are made once', async () => {
    const rows = await database.db
      .selectFrom('approval_requests')
      .select(['id', 'command_id', 'status', 'expires_at', 'requested_by', 'decided_by', 'transfer_reference'])
      .orderBy('id')
      .execute();
    const state = (row: (typeof rows)[number]) => (row.status === 'PENDING' && row.expires_at.getTime() <= NOW.getTime() ? 'EXPIRED' : row.status);
    expect(rows.map(state).sort()).toEqual(['APPROVED', 'APPROVED', 'DECLINED', 'EXPIRED', 'EXPIRED', 'PENDING', 'PENDING', 'PENDING', 'PENDING']);
    expect(new Set(rows.map((row) => row.command_id))).toEqual(new Set(['wallets.credit', 'wallets.debit']));
    for (const row of rows) if (row.decided_by !== null) expect(row.decided_by).not.toBe(row.requested_by);
    const approved = rows.filter((row) => row.status === 'APPROVED').map((row) => row.transfer_reference!);
    const posted = await database.db.selectFrom('ledger_transfers').select(['reference', 'kind']).where('reference', 'in', approved).execute();
    expect(posted.map((transfer) => transfer.kind).sort()).toEqual(['credit', 'debit']);
    expect((await checkLedger(database.db)).ok).toBe(true);
    expect(await seedApprovals(database.db, { now: NOW })).toEqual({ requests: 0 });
  });
});
