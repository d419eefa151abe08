import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LooseBody } from './test/harness';
import { callServer, killServerProcess, type ServerAnswer, type ServerProcess, signInToServer, startServerProcess } from './test/server-process';
import { createScratchDatabase } from './test/test-database';

/**
 * The money crash run, on PostgreSQL: two server processes on one database take random
 * concurrent credit and debit requests, their authorisations by a second admin, reversals and
 * replays, one of them is killed with `kill -9` mid-run and started again. Afterwards the ledger
 * check passes, no transfer is reversed twice, every answer that was 2xx is in the ledger, and
 * every authorised request posted exactly one transfer. Sized for a 2-core machine by
 * TRACTION_CRASH_OPS (requests; default 10,000).
 */

const ROOT = 'root@traction.ng';
const ROOT_PASSWORD = 'money-crash-root-passphrase';
const CHECKER = 'checker@traction.ng';
const CHECKER_PASSWORD = 'four-eyes-on-every-naira';
const DEVICE = { deviceId: 'dev-money-crash-runner', deviceModel: 'Test rig', browserName: 'Vitest', browserVersion: '4', deviceType: 'cli' };
const OPS = Number(process.env.TRACTION_CRASH_OPS ?? 10_000);
const WORKERS = 16;

type Server = ServerProcess;

const databaseUrl = process.env.DATABASE_URL;
let scratch: { url: string; drop(): Promise<void> };

beforeAll(async () => {
  if (databaseUrl) scratch = await createScratchDatabase(databaseUrl);
});
afterAll(async () => {
  await scratch?.drop();
});

function start(demo: boolean): Promise<Server> {
  return startServerProcess(
    { dataDir: '', databaseUrl: scratch.url },
    {
      TRACTION_ADMIN_EMAIL: ROOT,
      TRACTION_ADMIN_PASSWORD: ROOT_PASSWORD,
      TRACTION_SCRYPT_LOG_N: '10',
      TRACTION_DEMO: String(demo),
      TRACTION_DEMO_MERCHANTS: '60',
    },
  );
}

const kill = killServerProcess;

type Answer = ServerAnswer<LooseBody>;

/** One JSON call to a server, from the run's device. */
const call = (url: string, method: string, path: string, options: { body?: unknown; token?: string; key?: string } = {}): Promise<Answer> =>
  callServer<LooseBody>(url, method, path, { ...options, deviceId: DEVICE.deviceId });

const signIn = (url: string, email: string, password: string) => signInToServer(url, email, password, DEVICE);

/** A deterministic generator (mulberry32): the same run every time. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe.skipIf(!databaseUrl)('money under two servers, one killed with kill -9 mid-run (PostgreSQL)', () => {
  it('keeps the ledger sound and every 2xx answer in it', async () => {
    const servers: (Server | null)[] = [await start(true), null];
    servers[1] = await start(false);
    try {
      const rootToken = await signIn(servers[0]!.url, ROOT, ROOT_PASSWORD);
      // The second admin who authorises: invited, password set, made a super admin.
      const invited = await call(servers[0]!.url, 'POST', '/v1/admin/signup', {
        token: rootToken,
        body: { email: CHECKER, firstName: 'Che', lastName: 'Cker' },
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
      const mail = (await (await fetch(`${servers[0]!.url}/sandbox/mailbox?to=${CHECKER}`)).json()) as { items: { data: { token: string } }[] };
      const password = await call(servers[0]!.url, 'POST', '/v1/admin/password/set', {
        body: { token: mail.items[0]!.data.token, password: CHECKER_PASSWORD },
      });
      expect(password.status, JSON.stringify(password.body)).toBe(200);
      const role = await call(servers[0]!.url, 'PATCH', `/v1/admin/role/${invited.body.admin.id}`, { token: rootToken, body: { role: 'super_admin' } });
      expect(role.status, JSON.stringify(role.body)).toBe(200);
      const checkerToken = await signIn(servers[0]!.url, CHECKER, CHECKER_PASSWORD);

      const wallets = await call(servers[0]!.url, 'GET', '/api/wallets?status=ACTIVE', { token: rootToken });
      const businesses = (wallets.body.items as { businessId: number; isFraud: boolean }[]).filter((w) => !w.isFraud).map((w) => w.businessId);
      expect(businesses.length).toBeGreaterThan(10);

      const next = random(14);
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
      const pending: { id: number; debit: boolean }[] = [];
      const credited: string[] = [];
      const answered2xx = { transfers: new Set<string>(), authorised: new Set<number>() };
      const sent: { method: string; path: string; body: unknown; token: string; key: string; status: number }[] = [];
      let done = 0;
      let killed = false;
      let keySeq = 0;

      /** Sends one request, moving to the other server while its own is down; the same key every time. */
      async function send(worker: number, method: string, path: string, body: unknown, token: string, key = `crash-${++keySeq}`): Promise<Answer> {
        for (let attempt = 0; ; attempt += 1) {
          const server = servers[(worker + attempt) % 2];
          if (!server) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            continue;
          }
          try {
            const answer = await call(server.url, method, path, { body, token, key });
            // The key is still held by a request that died with its server: try again shortly.
            if (answer.status === 409 && answer.body.details?.reason === 'idempotency_in_progress') {
              await new Promise((resolve) => setTimeout(resolve, 100));
              continue;
            }
            sent.push({ method, path, body, token, key, status: answer.status });
            return answer;
          } catch {
            if (attempt > 400) throw new Error(`${method} ${path} got no answer from either server`);
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        }
      }

      async function operation(worker: number): Promise<void> {
        const roll = next();
        if (roll < 0.4 || pending.length === 0) {
          const debit = next() < 0.3;
          const answer = await send(
            worker,
            'POST',
            `/api/EWTraction/walletcredit/requests/new${debit ? '/debit' : ''}`,
            {
              business: String(pick(businesses)),
              amount: 100 * (1 + Math.floor(next() * 2_000)),
              reason: `Crash run ${debit ? 'debit' : 'credit'}`,
            },
            rootToken,
          );
          if (answer.status === 200) pending.push({ id: answer.body.request.id, debit });
        } else if (roll < 0.75) {
          const request = pending.splice(Math.floor(next() * pending.length), 1)[0]!;
          const answer = await send(
            worker,
            'POST',
            `/api/EWTraction/walletcredit/requests/authorise${request.debit ? '/debit' : ''}`,
            { id: request.id },
            checkerToken,
          );
          if (answer.status === 200) {
            answered2xx.transfers.add(answer.body.request.transferReference);
            answered2xx.authorised.add(request.id);
            if (!request.debit) credited.push(answer.body.request.transferReference);
          }
        } else if (roll < 0.9 && credited.length) {
          const reference = pick(credited);
          const answer = await send(
            worker,
            'POST',
            '/api/EWTraction/wallettransactions/reversal',
            { TransactionReference: reference, reason: 'Crash run reversal' },
            rootToken,
          );
          if (answer.status === 200) answered2xx.transfers.add(answer.body.reversal.reference);
        } else if (sent.length) {
          // A client retrying an earlier request: the same key and body answer as before.
          const earlier = pick(sent);
          const again = await send(worker, earlier.method, earlier.path, earlier.body, earlier.token, earlier.key);
          if (earlier.status === 200) expect(again.status).toBe(200);
        }
      }

      await Promise.all(
        Array.from({ length: WORKERS }, async (_, worker) => {
          while (done < OPS) {
            done += 1;
            if (!killed && done >= OPS * 0.4) {
              killed = true;
              const victim = servers[0]!;
              servers[0] = null;
              await kill(victim);
              setTimeout(() => {
                void start(false).then((server) => {
                  servers[0] = server;
                });
              }, 1_000);
            }
            await operation(worker);
          }
        }),
      );
      while (!servers[0]) await new Promise((resolve) => setTimeout(resolve, 100));

      const check = await call(servers[1]!.url, 'GET', '/api/EWTraction/ledger/check', { token: rootToken });
      expect(check.body.ok, JSON.stringify(check.body.differences)).toBe(true);
      expect(answered2xx.transfers.size).toBeGreaterThan(OPS / 10);

      const db = new pg.Client({ connectionString: scratch.url });
      await db.connect();
      try {
        const found = await db.query<{ reference: string }>('select reference from ledger_transfers where reference = any($1)', [[...answered2xx.transfers]]);
        expect(found.rows.length).toBe(answered2xx.transfers.size);
        const twice = await db.query('select reverses_transfer_id from ledger_transfers where reverses_transfer_id is not null group by 1 having count(*) > 1');
        expect(twice.rows).toEqual([]);
        // Every approved credit or debit request posted exactly one transfer; no other posted any.
        // (The demo data also holds approvals of bulk uploads and sweeps, whose transfers are their rows'.)
        const posted = await db.query<{ id: number; status: string; transfers: string }>(
          `select r.id, r.status, (select count(*) from ledger_transfers t where t.reference in ('CR-' || r.id, 'DR-' || r.id))::text as transfers
             from approval_requests r where r.command_id in ('wallets.credit', 'wallets.debit')`,
        );
        for (const row of posted.rows) expect([row.id, row.transfers]).toEqual([row.id, row.status === 'APPROVED' ? '1' : '0']);
        for (const id of answered2xx.authorised) expect(posted.rows.find((row) => row.id === id)?.status).toBe('APPROVED');
      } finally {
        await db.end();
      }
    } finally {
      for (const server of servers) if (server) await kill(server).catch(() => undefined);
    }
  }, 600_000);
});
