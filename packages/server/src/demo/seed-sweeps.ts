import { newSweep, nuban, processSweep, type Sweep } from '@traction/core';
import type { AppDeps } from '../deps';
import { decideApproval, executorsById } from '../domains/approvals/index';
import type { AnyJobDefinition } from '../domains/jobs/index';
import { runSweep, sweepDetailOf, sweepExecutors, sweepImplementations, sweepJobs } from '../domains/sweeps/index';
import { transferJobs } from '../domains/transfers/index';
import { transferFee } from '../domains/wallet-settings/index';
import { type DemoClock, refusable, runDemoCommand, runDemoJobs } from './demo-runner';
import { demoWallets, withinLimits } from './demo-wallets';
import { demoAdmin } from './seed-approvals';

const HOUR = 3_600_000;
/** The company's operating account at GTBank (the demo transfers pay its fee income there too). */
const OPERATING_ACCOUNT = { bankCode: '058', accountNumber: nuban('058', '000123456') };
/** What each swept wallet keeps, kobo: ₦1,000. */
const LEAVE_BEHIND = 100_000;

/** The jobs that sweep an approved sweep, its postings dated by the demo clock (in the past) as the worker would have run it then. */
const backdatedRun: readonly AnyJobDefinition[] = [
  ...transferJobs,
  ...sweepJobs.map((definition): typeof definition => ({ ...definition, run: (job) => runSweep(job, { backdated: true }) })),
];

/**
 * Demo bulk sweeps with their history (issue 15 §10), made through the sweeps domain's own
 * commands, the approvals domain's decision and its job, sent through the sandbox provider: one
 * swept last week (several wallets to the company's operating account, a PND wallet skipped with
 * why), one waiting for a second admin, and a draft. The wallets swept are of a KYC tier whose
 * limits let their balance go, and under the ₦1,000,000 the fraud rules hold for a new
 * beneficiary; the merchants paying the demo bulk uploads are left alone. Once: skipped when any
 * sweep exists.
 */
export async function seedSweeps(deps: AppDeps, options: { now?: Date } = {}): Promise<{ sweeps: number }> {
  const db = deps.db;
  if (await db.selectFrom('sweeps').select('id').limit(1).executeTakeFirst()) return { sweeps: 0 };
  const now = options.now ?? new Date();
  const [maker, approver] = [await demoAdmin(db, 'Operations'), await demoAdmin(db, 'Finance')];
  if (!maker || !approver) return { sweeps: 0 };
  const fee = BigInt(await transferFee(db));
  const payers = await db.selectFrom('bulk_transfer_uploads').select('business_id').where('business_id', 'is not', null).execute();
  const candidates = await demoWallets(db, {
    minTier: 2,
    minBalance: 2_000_000n,
    maxBalance: 90_000_000n,
    count: 40,
    except: payers.map((payer) => payer.business_id!),
  });
  const sweepable = candidates.filter((wallet) => withinLimits(wallet, wallet.balance));
  const pnd = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('wallets as w', 'w.uid', 'a.wallet_uid')
    .innerJoin('businesses as b', 'b.id', 'w.business_id')
    .select('b.id')
    .where('w.status', '=', 'PND')
    .where('b.is_fraud', '=', false)
    .where('a.balance', '>', fee + BigInt(LEAVE_BEHIND))
    .orderBy('a.balance', 'desc')
    .orderBy('b.id')
    .executeTakeFirst();
  if (sweepable.length < 7) return { sweeps: 0 };
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const ids = (from: number, to: number) => sweepable.slice(from, to).map((wallet) => wallet.businessId);
  let made = 0;

  const draft = (businessIds: number[], narration: string, at: Date) =>
    refusable(async () => {
      const answer = await runDemoCommand(
        deps,
        sweepImplementations,
        newSweep,
        { ids: businessIds, ...OPERATING_ACCOUNT, leaveBehind: LEAVE_BEHIND, narration },
        { admin: maker, at },
      );
      made += 1;
      return answer.sweep;
    });
  const submit = (sweep: Sweep | null, reason: string, at: Date) =>
    sweep && refusable(async () => (await runDemoCommand(deps, sweepImplementations, processSweep, { id: sweep.id, reason }, { admin: maker, at })).sweep);

  // Swept last week: four wallets and a PND one, which the preview skips with why.
  const weekly = await submit(
    await draft([...ids(0, 4), ...(pnd ? [pnd.id] : [])], 'Weekly sweep to the operating account', hoursAgo(146)),
    'Weekly consolidation of merchant balances into the operating account',
    hoursAgo(145.5),
  );
  if (weekly?.approvalRequestId) {
    const approvedAt = hoursAgo(144);
    const approved = await refusable(() =>
      db.transaction().execute((trx) =>
        decideApproval(
          { db: trx, now: approvedAt, admin: approver, requestId: null },
          {
            id: weekly.approvalRequestId!,
            decision: 'approve',
            note: 'Balances checked against the bank',
            commandId: 'demo.seed',
            executors: executorsById(sweepExecutors),
          },
        ),
      ),
    );
    if (approved) {
      const clock: DemoClock = { at: approvedAt };
      await runDemoJobs(deps, clock, backdatedRun, {
        settled: async () => (await sweepDetailOf(db, weekly.id, clock.at)).sweep.status === 'DONE',
        until: new Date(approvedAt.getTime() + 2 * HOUR),
      });
    }
  }
  // Waiting for a second admin (requests wait 24 hours).
  await submit(await draft(ids(4, 7), 'Month-end sweep', hoursAgo(2)), 'Month-end consolidation before the settlement run', hoursAgo(1.5));
  // A draft nobody has submitted yet.
  await draft(ids(7, 10), 'Wallet sweep', hoursAgo(0.5));
  return { sweeps: made };
}
