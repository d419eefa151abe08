import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/connect';
import { startServer } from '../../start-server';
import { TEST_SCRYPT_LOG_N } from '../../test/harness';
import { openTestDatabase } from '../../test/test-database';
import { COMPANY_ACCOUNTS, openCompanyAccounts } from './index';

// The server closes the database it is given when it stops.
let database: OpenedDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});

const start = () =>
  startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    database,
    logger: pino({ level: 'silent' }),
    demo: false,
    env: { TRACTION_ADMIN_EMAIL: 'root@traction.ng', TRACTION_ADMIN_PASSWORD: 'company-accounts-test' },
    config: { scryptLogN: TEST_SCRYPT_LOG_N },
  });

const companyCodes = async () =>
  (await database.db.selectFrom('ledger_accounts').select('code').where('kind', '=', 'company').orderBy('code').execute()).map((row) => row.code);

describe("the company's ledger accounts", () => {
  it('are open once the server has started, before any money moves, and opening them again adds none', async () => {
    const server = await start();
    try {
      const expected = Object.values(COMPANY_ACCOUNTS).sort();
      expect(await companyCodes()).toEqual(expected);
      // What every later start does: the accounts are already there, so nothing is added.
      await openCompanyAccounts(database.db);
      expect(await companyCodes()).toEqual(expected);
    } finally {
      await server.close();
    }
  });
});
