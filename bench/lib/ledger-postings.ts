/**
 * Ledger throughput: the ledger's post() called directly from this process, each posting in its
 * own transaction, over a pg pool (PostgreSQL) or the embedded database (PGlite), by 1 or 32
 * clients at once. No HTTP: the figure is what the ledger itself sustains.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase } from '@traction/server';
import { openCompanyAccounts, post, seedDemo, seedMerchants } from '@traction/server/testing';
import { walletAccount } from '../../packages/server/src/domains/ledger/accounts';
import { summarize, type Summary } from './percentiles';
import { createDatabase } from './postgres';
import type { DatabaseChoice } from './server';

export type PostingShape = 'disjoint' | 'hot';

export interface PostingRun {
  clients: number;
  shape: PostingShape;
  postings: number;
  failures: Map<string, number>;
  seconds: number;
  perSecond: number;
  latency: Summary;
}

/** Wallets each client posts to, in turn: today's debits of one wallet (the daily limit reads them) stay few. */
const WALLETS_PER_CLIENT = 8;

export interface PostingsRig {
  label: string;
  run(clients: number, shape: PostingShape, durationMs: number): Promise<PostingRun>;
  close(): Promise<void>;
}

/** A fresh database with demo merchants whose wallets have ledger accounts, ready for `run`. */
export async function openPostingsRig(database: DatabaseChoice, maxClients: number): Promise<PostingsRig> {
  const folder = mkdtempSync(join(tmpdir(), 'traction-bench-postings-'));
  const created = database.kind === 'postgres' ? await createDatabase(database.serverUrl) : undefined;
  // One connection per client (and one spare), as a server sized for the load would have.
  const poolSize = process.env.DATABASE_POOL_SIZE;
  process.env.DATABASE_POOL_SIZE = String(maxClients + 1);
  const opened = await openDatabase(created ? { databaseUrl: created.url, dataDir: '' } : { dataDir: join(folder, 'db') });
  // Servers started later (child processes inherit the environment) keep their own default.
  if (poolSize === undefined) delete process.env.DATABASE_POOL_SIZE;
  else process.env.DATABASE_POOL_SIZE = poolSize;
  const db = opened.db;
  await migrate(db);
  await seedDemo(db, { scryptLogN: 10 });
  await seedMerchants(db, { count: Math.ceil(maxClients * WALLETS_PER_CLIENT * 1.4) + 50 });
  const company = await openCompanyAccounts(db);
  const uids = await db
    .selectFrom('wallets as w')
    .innerJoin('businesses as b', 'b.id', 'w.business_id')
    .select('w.uid')
    .where('w.status', '=', 'ACTIVE')
    .where('b.is_fraud', '=', false)
    .orderBy('w.business_id')
    .limit(maxClients * WALLETS_PER_CLIENT)
    .execute();
  if (uids.length < maxClients * WALLETS_PER_CLIENT) throw new Error(`only ${uids.length} active wallets for ${maxClients} clients`);
  const wallets: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (const { uid } of uids) wallets.push((await walletAccount(trx, uid)).id);
  });
  let runs = 0;

  return {
    label: opened.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
    async run(clients, shape, durationMs) {
      runs += 1;
      const failures = new Map<string, number>();
      const latencies: number[] = [];
      const started = performance.now();
      const deadline = started + durationMs;
      await Promise.all(
        Array.from({ length: clients }, async (_, client) => {
          const own = wallets.slice(client * WALLETS_PER_CLIENT, (client + 1) * WALLETS_PER_CLIENT);
          for (let i = 0; performance.now() < deadline; i += 1) {
            const wallet = own[i % own.length]!;
            // disjoint: the fee goes to another wallet of this client's; hot: to the company's one fee income account.
            const feeTo = shape === 'hot' ? company.feeIncome : own[(i + 1) % own.length]!;
            const reference = `BENCH-${runs}-${client}-${i}`;
            const begun = performance.now();
            try {
              await db.transaction().execute((trx) =>
                post(
                  trx,
                  [
                    { debit: company.floatWema, credit: wallet, amount: 10_000, kind: 'pos_credit', reference, counterparty: 'POS bench' },
                    { debit: wallet, credit: feeTo, amount: 100, kind: 'fee', reference: `${reference}-FEE`, parent: 0 },
                  ],
                  { commandId: 'bench.ledger' },
                ),
              );
              latencies.push(performance.now() - begun);
            } catch (error) {
              const key = error instanceof Error ? error.message.slice(0, 80) : String(error);
              failures.set(key, (failures.get(key) ?? 0) + 1);
            }
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      return { clients, shape, postings: latencies.length, failures, seconds, perSecond: latencies.length / seconds, latency: summarize(latencies) };
    },
    async close() {
      await opened.close();
      await created?.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
