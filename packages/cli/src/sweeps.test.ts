import { nuban } from '@traction/core';
import { hashPassword, ledgerWallet } from '@traction/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let maker: CliUser;
let approver: CliUser;
const db = () => server.server.deps.db;
let serials = 0;
/** A GTBank account the sandbox pays (or, ending 991, fails every transfer to). */
const destination = (ending = '123') => nuban('058', `${String(400000 + ++serials)}${ending}`);

beforeAll(async () => {
  server = await startTestServer();
  maker = cliUser(server.url);
  await signIn(maker, server);
  // Four-eyes: a second admin who may approve sweeps, signed in on their own device.
  const password = 'approver-password-2026';
  const { id } = await db()
    .insertInto('admins')
    .values({ email: 'approver@traction.ng', first_name: 'Ada', last_name: 'Approver', role: 'staff', password_hash: await hashPassword(password, 10) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('admin_permissions')
    .values(['transfers.bulk', 'transfers.view', 'approvals.view', 'jobs.view'].map((permission) => ({ admin_id: id, permission })))
    .execute();
  approver = cliUser(server.url);
  await signIn(approver, server, 'approver@traction.ng', password);
});
afterAll(async () => {
  maker?.remove();
  approver?.remove();
  await server?.close();
});

/** Two Tier 3 wallets (₦10,000.00 and ₦5,000.00) of businesses named after the test. */
async function twoWallets(name: string) {
  const first = await ledgerWallet(db(), { funds: 1_000_000, business: { kyc_exempt: true, name: `${name} Foods` } });
  const second = await ledgerWallet(db(), { funds: 500_000, business: { kyc_exempt: true, name: `${name} Stores` } });
  return [first.business.id, second.business.id];
}

/** Makes a sweep of the wallets to the account, leaving ₦100.00 in each; answers its id. */
async function draft(ids: number[], account: string): Promise<number> {
  const made = await maker.run(['sweeps', 'new', '--ids', ids.join(','), '--bank-code', '058', '--account-number', account, '--leave-behind', '100', '--json']);
  expect(made.code, made.stderr).toBe(EXIT.ok);
  return (JSON.parse(made.stdout) as { sweep: { id: number } }).sweep.id;
}

/** Submits the sweep and has the second admin approve it. */
async function submitAndApprove(id: number): Promise<void> {
  const submitted = await maker.run(['sweeps', 'process', '--id', String(id), '--reason', 'Month-end consolidation', '--yes', '--json']);
  expect(submitted.code, submitted.stderr).toBe(EXIT.ok);
  const requestId = (JSON.parse(submitted.stdout) as { sweep: { approvalRequestId: number } }).sweep.approvalRequestId;
  const approved = await approver.run(['approvals', 'approve', '--id', String(requestId), '--yes']);
  expect(approved.code, approved.stderr).toBe(EXIT.ok);
}

describe('traction sweeps', () => {
  it('new shows the totals and each source in Naira, and saves a draft that moves nothing', async () => {
    const ids = await twoWallets('Mama Put');
    const account = destination();
    const made = await maker.run(['sweeps', 'new', '--ids', ids.join(','), '--bank-code', '058', '--account-number', account, '--leave-behind', '100']);
    expect(made.code, made.stderr).toBe(EXIT.ok);
    expect(made.stdout).toMatch(/^Sweep #\d+ · DRAFT · made by Super Admin at /);
    expect(made.stdout).toContain(`To         Guaranty Trust Bank ${account} (`);
    expect(made.stdout).toContain('Sources    2 selected wallets: 2 wallets to sweep');
    // ₦10,000.00 and ₦5,000.00, less ₦25.00 fee and ₦100.00 each.
    expect(made.stdout).toContain('Total      ₦14,750.00 (fees ₦50.00; ₦100.00 left in each wallet)');
    expect(made.stdout).toMatch(/1\s+WAITING\s+Mama Put Foods\s+.*₦10,000\.00\s+₦9,875\.00/);
    expect(made.stdout).toMatch(/2\s+WAITING\s+Mama Put Stores\s+.*₦5,000\.00\s+₦4,875\.00/);
    expect(made.stdout).toMatch(/saved as a draft: ₦14,750\.00 from 2 wallets/);
  });

  it('process asks first, and without a terminal names --yes', async () => {
    const id = await draft(await twoWallets('Iya Basira'), destination());
    const refused = await maker.run(['sweeps', 'process', '--id', String(id), '--reason', 'Month-end consolidation']);
    expect(refused.code).toBe(EXIT.usage);
    expect(refused.stderr).toContain('pass --yes');
    const submitted = await maker.run(['sweeps', 'process', '--id', String(id), '--reason', 'Month-end consolidation', '--yes']);
    expect(submitted.code, submitted.stderr).toBe(EXIT.ok);
    expect(submitted.stdout).toMatch(new RegExp(`Sweep #${id} · AWAITING APPROVAL`));
    expect(submitted.stdout).toMatch(/Approval +request #\d+ \("Month-end consolidation"\)/);
    expect(submitted.stdout).toMatch(/waits for another admin's approval: request #\d+/);
  });

  it('status --follow waits for the job and the banks, then shows every source swept', async () => {
    const id = await draft(await twoWallets('Chop Life'), destination());
    await submitAndApprove(id);
    const followed = await maker.run(['sweeps', 'status', '--id', String(id), '--follow', '--interval', '0.1']);
    expect(followed.code, followed.stderr).toBe(EXIT.ok);
    expect(followed.stdout).toMatch(new RegExp(`Sweep #${id} · DONE`));
    expect(followed.stdout).toContain('Progress   2 of 2 final: 2 succeeded, 0 failed, 0 pending');
    expect(followed.stdout, followed.stdout).toContain('Moved      ₦14,750.00');
    expect(followed.stdout).toMatch(/1\s+SUCCESSFUL\s+Chop Life Foods/);

    const csv = await maker.run(['sweeps', 'status', '--id', String(id), '--csv']);
    expect(csv.code, csv.stderr).toBe(EXIT.ok);
    expect(csv.stdout.split('\n')[0]).toBe(
      'Row,Status,Business,Bank,Account number,Balance,To sweep,Swept,Skipped because,Refused because,Transfer,Code,Bank answer',
    );
    expect(csv.stdout).toContain(',SUCCESSFUL,Chop Life Foods,');

    const history = await maker.run(['sweeps', 'history', '--status', 'DONE', '--json', 'id,status,succeeded']);
    expect(history.code, history.stderr).toBe(EXIT.ok);
    expect(history.stdout).toContain(JSON.stringify({ id, status: 'DONE', succeeded: 2 }));
  });

  it('status --follow exits 5 when the bank fails the transfers, and says where to find why', async () => {
    const id = await draft(await twoWallets('Failing'), destination('991'));
    await submitAndApprove(id);
    const followed = await maker.run(['sweeps', 'status', '--id', String(id), '--follow', '--interval', '0.1']);
    expect(followed.code).toBe(EXIT.rowsFailed);
    expect(followed.stdout).toContain('2 of 2 final: 0 succeeded, 2 failed');
    expect(followed.stderr).toContain(`2 sources of sweep #${id} were not swept`);
  });

  it('status --help offers --follow', async () => {
    const help = await maker.run(['sweeps', 'status', '--help']);
    expect(help.stdout).toContain('--follow');
    expect(help.stdout).toContain('$ traction sweeps status --id 12 --follow');
  });
});
