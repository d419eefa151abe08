import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword, ledgerWallet } from '@traction/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let maker: CliUser;
let approver: CliUser;
const db = () => server.server.deps.db;

/** The Lagos day `days` from today, YYYY-MM-DD. */
const lagosDay = (days = 0) => new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  maker = cliUser(server.url);
  await signIn(maker, server);
  // Four-eyes: a second admin who may approve loans, signed in on their own device.
  const password = 'loan-approver-password-2026';
  const { id } = await db()
    .insertInto('admins')
    .values({ email: 'loan-approver@traction.ng', first_name: 'Bola', last_name: 'Approver', role: 'staff', password_hash: await hashPassword(password, 10) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('admin_permissions')
    .values(['loans.approve', 'loans.view', 'approvals.view'].map((permission) => ({ admin_id: id, permission })))
    .execute();
  approver = cliUser(server.url);
  await signIn(approver, server, 'loan-approver@traction.ng', password);
});
afterAll(async () => {
  maker?.remove();
  approver?.remove();
  await server?.close();
});

const json = <T>(result: { code: number; stdout: string; stderr: string }): T => {
  expect(result.code, result.stderr).toBe(EXIT.ok);
  return JSON.parse(result.stdout) as T;
};

describe('traction loans and deductions', () => {
  it('takes a loan from request to disbursement with a second admin, repays it by a deduction run previewed first, and reports it', async () => {
    const { business } = await ledgerWallet(db(), { funds: 500_000, business: { kyc_exempt: true, name: 'Iya Basira Kitchen' } });

    const added = json<{ loan: { id: number; reference: string; status: string; approvalRequestId: number; totalRepayable: number } }>(
      await maker.run([
        'loans',
        'add',
        '--business-id',
        String(business.id),
        '--principal',
        '30000',
        '--interest-bps',
        '500',
        '--frequency',
        'DAILY',
        '--instalments',
        '3',
        '--reason',
        'Stock for the festive season',
        '--json',
      ]),
    );
    const loan = added.loan;
    expect(loan).toMatchObject({ status: 'REQUESTED', totalRepayable: 3_150_000 });

    // The requester cannot approve their own loan; the second admin can.
    const own = await maker.run(['approvals', 'approve', '--id', String(loan.approvalRequestId), '--yes']);
    expect(own.code).not.toBe(EXIT.ok);
    expect(own.stderr).toContain('another admin must decide it');
    const approved = await approver.run(['approvals', 'approve', '--id', String(loan.approvalRequestId), '--yes']);
    expect(approved.code, approved.stderr).toBe(EXIT.ok);

    // Disbursed four days ago, so its three daily instalments are all due today.
    const disbursedOn = lagosDay(-4);
    const preview = await maker.run(['loans', 'update', '--id', String(loan.id), '--action', 'DISBURSE', '--disbursed-on', disbursedOn, '--dry-run']);
    expect(preview.code, preview.stderr).toBe(EXIT.ok);
    expect(preview.stdout).toContain('Nothing was posted (dry run).');
    expect(preview.stdout).toContain('Iya Basira Kitchen');
    const disbursed = json<{ loan: { status: string } }>(
      await maker.run(['loans', 'update', '--id', String(loan.id), '--action', 'DISBURSE', '--disbursed-on', disbursedOn, '--yes', '--json']),
    );
    expect(disbursed.loan.status).toBe('DISBURSED');

    // The dry run names every instalment it would take and the total, and takes nothing.
    const plan = json<{ run: null; plan: { instalments: number; amountTaken: number; items: { loanReference: string; instalment: number; taken: number }[] } }>(
      await maker.run(['deductions', 'run', '--dry-run', '--json']),
    );
    expect(plan.run).toBeNull();
    const ours = plan.plan.items.filter((item) => item.loanReference === loan.reference);
    expect(ours.map((item) => [item.instalment, item.taken])).toEqual([
      [1, 1_050_000],
      [2, 1_050_000],
      [3, 1_050_000],
    ]);
    const stillOwed = json<{ outstanding: number }>(await maker.run(['loans', 'get', '--id', String(loan.id), '--json']));
    expect(stillOwed.outstanding).toBe(3_150_000);

    const started = json<{ run: { id: number } }>(await maker.run(['deductions', 'run', '--yes', '--json']));
    const runId = started.run.id;
    let run = { status: 'QUEUED', amountTaken: 0 };
    for (let tries = 0; tries < 100 && run.status !== 'DONE' && run.status !== 'FAILED'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      run = json<typeof run>(await maker.run(['deductions', 'get-run', '--id', String(runId), '--json']));
    }
    expect(run).toMatchObject({ status: 'DONE', amountTaken: 3_150_000 });

    const repaid = json<{ status: string; repaid: number; repayments: { transferReference: string }[] }>(
      await maker.run(['loans', 'get', '--id', String(loan.id), '--json']),
    );
    expect(repaid).toMatchObject({ status: 'REPAID', repaid: 3_150_000 });
    expect(repaid.repayments).toHaveLength(3);

    // A second run finds nothing left to take.
    const again = json<{ plan: { items: { loanReference: string }[] } }>(await maker.run(['deductions', 'run', '--dry-run', '--json']));
    expect(again.plan.items.filter((item) => item.loanReference === loan.reference)).toEqual([]);

    // The report of the day, as CSV, names each repayment's ledger reference; the export lists the loan.
    const report = join(maker.configDir, 'deductions.csv');
    const reported = await maker.run(['deductions', 'report', '--from', lagosDay(), '--to', lagosDay(), '--out', report]);
    expect(reported.code, reported.stderr).toBe(EXIT.ok);
    const csv = readFileSync(report, 'utf8');
    for (const repayment of repaid.repayments) expect(csv).toContain(repayment.transferReference);
    const exported = join(maker.configDir, 'loans.csv');
    const exportRun = await maker.run(['export', 'loans', '--status', 'REPAID', '--out', exported]);
    expect(exportRun.code, exportRun.stderr).toBe(EXIT.ok);
    expect(readFileSync(exported, 'utf8')).toContain(loan.reference);
  });

  it('refuses an illegal move with the loan’s state, and bad flags before sending anything', async () => {
    const { business } = await ledgerWallet(db(), { funds: 0, business: { kyc_exempt: true, name: 'Mama Put Stores' } });
    const added = json<{ loan: { id: number } }>(
      await maker.run([
        'loans',
        'add',
        '--business-id',
        String(business.id),
        '--principal',
        '10000',
        '--frequency',
        'WEEKLY',
        '--instalments',
        '4',
        '--reason',
        'Working capital',
        '--json',
      ]),
    );
    const early = await maker.run(['loans', 'update', '--id', String(added.loan.id), '--action', 'DISBURSE', '--yes']);
    expect(early.code).toBe(EXIT.error);
    expect(early.stderr).toMatch(/requested/i);

    const bad = await maker.run([
      'loans',
      'add',
      '--business-id',
      String(business.id),
      '--principal',
      '-5',
      '--frequency',
      'HOURLY',
      '--instalments',
      '4',
      '--reason',
      'x',
    ]);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.stderr).toContain('--principal');
    expect(bad.stderr).toContain('--frequency');
  });
});
