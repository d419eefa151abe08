import {
  type AnyCommand,
  addLoan,
  bulkDeductions,
  type CommandInput,
  type KycTier,
  type LoanFrequency,
  lagosDate,
  loanCharges,
  loanReference,
  nuban,
  type Permission,
  runDeductions,
  type TierLimits,
  toggleDeductionSettings,
  updateDeductionSetting,
  updateLoan,
} from '@traction/core';
import { sql } from 'kysely';
import type { AppDeps } from '../deps';
import { decideApproval, executorsById } from '../domains/approvals/index';
import { balances, walletAccount } from '../domains/ledger/index';
import { lendingExecutors, lendingImplementations, lendingJobs } from '../domains/loans/index';
import { confirmBeneficiary, sendTransfer, startTransfer } from '../domains/transfers/index';
import { transferFee, walletLimitState } from '../domains/wallet-settings/index';
import type { SignedInAdmin } from '../handling/handler-context';
import { type DemoClock, depsAt, refusable, runDemoCommand, runDemoJobs } from './demo-runner';
import { demoWallets } from './demo-wallets';
import { createRandom } from './random';
import { demoAdmin } from './seed-approvals';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** What the demo loan officer (Operations) and the demo approver (Finance) must hold for the story to be told through the commands. */
const OFFICER_NEEDS: readonly Permission[] = ['loans.manage', 'deductions.manage', 'deductions.run'];
const APPROVER_NEEDS: readonly Permission[] = ['loans.manage', 'loans.approve', 'loans.disburse'];

/**
 * One demo loan's story. The state named is where it ends when the merchant's wallet behaves as
 * planned; the commands decide, so a refusal (a limit, a policy) leaves it wherever it got to.
 */
interface Story {
  fate: 'REQUESTED' | 'APPROVED' | 'DECLINED' | 'CANCELLED' | 'DISBURSED' | 'REPAYING' | 'REPAID' | 'DEFAULTED' | 'WRITTEN_OFF';
  frequency: LoanFrequency;
  instalments: number;
  /** Days ago it was disbursed; for a loan never disbursed, the day it was asked for. */
  day: number;
  /** Naira lent at most: less when the merchant's wallet, its KYC tier or its means say so. */
  upTo: number;
  /** Flat interest, basis points. */
  interestBps: number;
  /** Naira. */
  fee: number;
  /** A terminal on loan (linked to a demo terminal request bought on loan when there is one). */
  terminal?: boolean;
  /**
   * The merchant spends the loan on stock the day it arrives and keeps this many instalments'
   * worth in the wallet: the runs take that, then find too little.
   */
  keeps?: number;
  /** Collected in whole instalments only (its setting changed the day it was disbursed). */
  wholeOnly?: boolean;
  /** At most one instalment a run (its setting capped the day it was disbursed). */
  capped?: boolean;
  /** Days ago its deductions were paused. */
  pausedDay?: number;
  defaultedDay?: number;
  writtenOffDay?: number;
  /** REQUESTED: hours ago it was asked for (the queue keeps requests 72 hours). */
  hoursAgo?: number;
  /** CANCELLED: before a decision, or once approved. */
  cancelledWhile?: 'REQUESTED' | 'APPROVED';
}

/** The fates of loans that were paid out, in the order borrowers come back for another. */
const PAID_OUT: readonly Story['fate'][] = ['REPAID', 'REPAYING', 'DISBURSED', 'DEFAULTED', 'WRITTEN_OFF'];

const story = (
  fate: Story['fate'],
  frequency: LoanFrequency,
  instalments: number,
  day: number,
  upTo: number,
  interestBps: number,
  fee: number,
  more: Partial<Story> = {},
): Story => ({ fate, frequency, instalments, day, upTo, interestBps, fee, ...more });

/**
 * The demo loan book: 59 loans over the last 90 days in every state. Repaid and repaying loans go
 * to merchants whose wallets hold enough for the interest and fee besides the principal; those
 * that fall behind go to merchants who spend the loan at once (a transfer to their supplier), so
 * the deduction runs find too little; capped, whole-only and paused settings show the portal's
 * other reasons for what was not taken.
 */
const STORIES: readonly Story[] = [
  // Repaid.
  story('REPAID', 'DAILY', 20, 84, 300_000, 1_000, 1_000),
  story('REPAID', 'WEEKLY', 6, 82, 800_000, 1_200, 2_500),
  story('REPAID', 'WEEKLY', 8, 80, 125_000, 0, 0, { terminal: true }),
  story('REPAID', 'DAILY', 30, 78, 150_000, 800, 500),
  story('REPAID', 'WEEKLY', 8, 75, 1_500_000, 1_000, 2_500),
  story('REPAID', 'DAILY', 14, 66, 100_000, 600, 500),
  story('REPAID', 'WEEKLY', 4, 58, 400_000, 500, 1_000),
  story('REPAID', 'DAILY', 30, 55, 250_000, 1_000, 1_000),
  story('REPAID', 'DAILY', 21, 47, 200_000, 900, 500),
  story('REPAID', 'WEEKLY', 5, 44, 600_000, 800, 1_500),
  story('REPAID', 'DAILY', 14, 30, 80_000, 500, 500),
  // Repaying on time.
  story('REPAYING', 'WEEKLY', 12, 52, 2_000_000, 1_500, 5_000),
  story('REPAYING', 'DAILY', 60, 40, 500_000, 1_500, 2_000),
  story('REPAYING', 'WEEKLY', 26, 38, 3_000_000, 2_000, 5_000),
  story('REPAYING', 'WEEKLY', 12, 35, 125_000, 0, 0, { terminal: true }),
  story('REPAYING', 'DAILY', 90, 33, 900_000, 1_800, 2_500),
  story('REPAYING', 'WEEKLY', 16, 27, 1_200_000, 1_200, 2_500),
  story('REPAYING', 'DAILY', 45, 21, 300_000, 1_000, 1_000),
  story('REPAYING', 'WEEKLY', 10, 18, 750_000, 1_000, 1_500),
  story('REPAYING', 'WEEKLY', 10, 16, 125_000, 0, 0, { terminal: true }),
  story('REPAYING', 'DAILY', 60, 12, 450_000, 1_200, 1_000),
  story('REPAYING', 'WEEKLY', 8, 9, 350_000, 700, 1_000),
  story('REPAYING', 'DAILY', 30, 8, 120_000, 800, 500),
  // Repaying, in arrears: the wallet ran short (part of an instalment taken, then nothing), whole instalments only, capped, paused.
  story('REPAYING', 'WEEKLY', 10, 45, 600_000, 1_500, 2_000, { keeps: 4.5 }),
  story('REPAYING', 'DAILY', 30, 26, 400_000, 1_200, 1_000, { keeps: 12.4 }),
  story('REPAYING', 'DAILY', 40, 24, 300_000, 1_000, 1_000, { keeps: 14.5, wholeOnly: true }),
  story('REPAYING', 'DAILY', 60, 36, 500_000, 1_500, 1_500, { capped: true }),
  story('REPAYING', 'DAILY', 45, 30, 250_000, 1_200, 1_000, { capped: true }),
  story('REPAYING', 'WEEKLY', 12, 50, 900_000, 1_500, 2_500, { pausedDay: 20 }),
  // Disbursed, nothing due yet.
  story('DISBURSED', 'DAILY', 30, 0, 200_000, 1_000, 1_000),
  story('DISBURSED', 'WEEKLY', 8, 1, 125_000, 0, 0, { terminal: true }),
  story('DISBURSED', 'WEEKLY', 8, 2, 500_000, 1_000, 1_500),
  story('DISBURSED', 'WEEKLY', 12, 4, 1_000_000, 1_500, 2_500),
  // Defaulted: the wallet emptied, well in arrears, marked by the loan officer.
  story('DEFAULTED', 'WEEKLY', 8, 80, 700_000, 1_500, 2_000, { keeps: 1, defaultedDay: 45 }),
  story('DEFAULTED', 'DAILY', 30, 70, 350_000, 1_500, 1_000, { keeps: 3.5, defaultedDay: 25 }),
  story('DEFAULTED', 'WEEKLY', 10, 62, 500_000, 1_500, 1_500, { keeps: 2.4, defaultedDay: 27 }),
  story('DEFAULTED', 'DAILY', 21, 55, 200_000, 1_200, 500, { keeps: 0, defaultedDay: 25 }),
  story('DEFAULTED', 'DAILY', 30, 40, 250_000, 1_200, 1_000, { keeps: 6, defaultedDay: 10 }),
  // Written off by Finance after weeks in default.
  story('WRITTEN_OFF', 'DAILY', 30, 88, 300_000, 1_500, 1_000, { keeps: 2, defaultedDay: 55, writtenOffDay: 30 }),
  story('WRITTEN_OFF', 'WEEKLY', 8, 86, 900_000, 1_500, 2_500, { keeps: 0, defaultedDay: 50, writtenOffDay: 20 }),
  story('WRITTEN_OFF', 'WEEKLY', 6, 85, 400_000, 1_200, 1_000, { keeps: 1, defaultedDay: 40, writtenOffDay: 8 }),
  story('WRITTEN_OFF', 'DAILY', 21, 76, 150_000, 1_200, 500, { keeps: 5.5, defaultedDay: 45, writtenOffDay: 15 }),
  // Waiting in the approvals queue.
  story('REQUESTED', 'DAILY', 30, 0, 250_000, 1_000, 1_000, { hoursAgo: 1.5 }),
  story('REQUESTED', 'WEEKLY', 12, 0, 125_000, 0, 0, { hoursAgo: 5, terminal: true }),
  story('REQUESTED', 'WEEKLY', 16, 0, 1_500_000, 1_500, 2_500, { hoursAgo: 11 }),
  story('REQUESTED', 'DAILY', 60, 0, 600_000, 1_500, 1_500, { hoursAgo: 22 }),
  story('REQUESTED', 'WEEKLY', 8, 0, 400_000, 1_000, 1_000, { hoursAgo: 34 }),
  story('REQUESTED', 'DAILY', 21, 0, 150_000, 900, 500, { hoursAgo: 47 }),
  // Approved, waiting for Finance to pay them out.
  story('APPROVED', 'WEEKLY', 10, 3, 700_000, 1_200, 1_500),
  story('APPROVED', 'DAILY', 45, 4, 350_000, 1_200, 1_000),
  story('APPROVED', 'WEEKLY', 12, 5, 1_000_000, 1_500, 2_500),
  story('APPROVED', 'DAILY', 30, 6, 200_000, 1_000, 1_000),
  // Declined by the second admin.
  story('DECLINED', 'WEEKLY', 26, 5, 4_000_000, 2_000, 5_000),
  story('DECLINED', 'DAILY', 60, 19, 800_000, 1_500, 1_500),
  story('DECLINED', 'WEEKLY', 12, 43, 1_200_000, 1_500, 2_500),
  story('DECLINED', 'DAILY', 30, 71, 300_000, 1_000, 1_000),
  // Cancelled before a decision, and once approved.
  story('CANCELLED', 'DAILY', 30, 64, 250_000, 1_000, 1_000, { cancelledWhile: 'REQUESTED' }),
  story('CANCELLED', 'WEEKLY', 8, 37, 500_000, 1_000, 1_500, { cancelledWhile: 'APPROVED' }),
  story('CANCELLED', 'DAILY', 45, 12, 400_000, 1_200, 1_000, { cancelledWhile: 'APPROVED' }),
];

const REASONS = [
  'Stock for the festive season',
  'Restock provisions before month-end',
  'Bulk rice and beans from the wholesaler',
  'School-term stock of uniforms and books',
  'Cold room for drinks',
  'Generator repair and diesel',
  'Second shop front at the market',
  'Phone accessories bought in bulk from Computer Village',
  'Cement and roofing sheets for resale',
  'Fabric stock ahead of the wedding season',
];
const DECLINE_NOTES = [
  'Turnover too low for the amount asked: ask for less',
  'Less than three months of POS history',
  'Another loan of the owner is in arrears',
  'Address not verified yet: finish KYC first',
];
const CANCEL_NOTES = ['The merchant no longer needs it', 'Asked twice by mistake: the other request stands', 'The merchant found cheaper stock credit'];
/** Banks the merchants' suppliers bank with (CBN codes). */
const SUPPLIER_BANKS = ['058', '044', '057', '011', '033', '070'];
const RUN_HOUR = '07:00';
/** Days between the morning runs before the last week (daily in it): fewer runs keep the demo start quick. */
const RUN_EVERY = 5;

/** A merchant a loan is for, with its wallet as the loan finds it. */
interface Borrower {
  businessId: number;
  businessName: string;
  walletUid: string;
  /** Kobo. */
  balance: number;
  tier: KycTier;
  limits: TierLimits;
}

interface DemoLoan {
  story: Story;
  borrower: Borrower;
  principal: number;
  terminalRequestId: number | null;
  reason: string;
  id: number | null;
  approvalRequestId: number | null;
  settingId: number | null;
}

/** One thing done in the story, at its moment; done in time order across every loan. */
interface Step {
  at: Date;
  order: number;
  act: () => unknown;
}

/**
 * Demo loans and their deductions (issue 18), made through the loans and deductions domains' own
 * commands, the approvals domain's decision and the deduction job, on the demo clock over the last
 * 90 days: a loan officer (Operations) asks, a Finance admin approves or declines and pays out,
 * deduction runs take the instalments from the merchants' wallets through the ledger. So every
 * loan's schedule, repayments, the runs' items and the ledger agree, as they would have live.
 * Once: skipped when any loan exists, or when the demo departments lack the loans permissions
 * (a database seeded before they were given them).
 */
export async function seedLoans(deps: AppDeps, options: { now?: Date } = {}): Promise<{ loans: number; runs: number }> {
  const none = { loans: 0, runs: 0 };
  const db = deps.db;
  if (await db.selectFrom('loans').select('id').limit(1).executeTakeFirst()) return none;
  const [officer, approver] = [await demoAdmin(db, 'Operations'), await demoAdmin(db, 'Finance')];
  if (!officer || !approver) return none;
  if (!OFFICER_NEEDS.every((p) => officer.permissions.has(p)) || !APPROVER_NEEDS.every((p) => approver.permissions.has(p))) return none;
  const now = options.now ?? new Date();
  const today = lagosDate(now);
  const dayOf = (daysAgo: number) => lagosDate(new Date(Date.parse(`${today}T12:00:00Z`) - daysAgo * DAY));
  /** `time` (HH:MM, Lagos: UTC+1 all year) on the day `daysAgo` days before today. */
  const at = (daysAgo: number, time: string, minutes = 0) => new Date(Date.parse(`${dayOf(daysAgo)}T${time}:00+01:00`) + minutes * 60_000);
  const random = createRandom(18);

  const loans = await castLoans(deps, now);
  if (loans.length === 0) return none;
  const fee = BigInt(await transferFee(db));
  const executors = executorsById(lendingExecutors);
  const command = <C extends AnyCommand>(c: C, input: CommandInput<C>, admin: SignedInAdmin, when: Date) =>
    refusable(() => runDemoCommand(deps, lendingImplementations, c, input, { admin, at: when }));
  const decide = (loan: DemoLoan, decision: 'approve' | 'decline', note: string, when: Date) =>
    loan.approvalRequestId === null
      ? null
      : refusable(() =>
          db
            .transaction()
            .execute((trx) =>
              decideApproval(
                { db: trx, now: when, admin: approver, requestId: null },
                { id: loan.approvalRequestId!, decision, note, commandId: 'demo.seed', executors },
              ),
            ),
        );
  const settingOf = async (loan: DemoLoan) => {
    if (loan.id === null) return null;
    loan.settingId ??= (await db.selectFrom('deduction_settings').select('id').where('loan_id', '=', loan.id).executeTakeFirst())?.id ?? null;
    return loan.settingId;
  };

  const steps: Step[] = [];
  const step = (when: Date, act: () => unknown) => {
    if (when.getTime() <= now.getTime()) steps.push({ at: when, order: steps.length, act });
  };

  loans.forEach((loan, index) => {
    const s = loan.story;
    const jitter = (index * 7) % 50;
    // A loan paid out was asked for the day before; one paid out today, a day ago.
    const asked =
      s.fate === 'REQUESTED'
        ? new Date(now.getTime() - (s.hoursAgo ?? 1) * HOUR)
        : s.day === 0
          ? new Date(now.getTime() - 26 * HOUR)
          : at(PAID_OUT.includes(s.fate) ? s.day + 1 : s.day, '10:00', jitter);
    step(asked, async () => {
      const answer = await command(
        addLoan,
        {
          businessId: loan.borrower.businessId,
          purpose: s.terminal ? 'TERMINAL' : 'WORKING_CAPITAL',
          principal: loan.principal,
          interestBps: s.interestBps,
          fee: s.fee * 100,
          frequency: s.frequency,
          instalments: s.instalments,
          reason: loan.reason,
          ...(loan.terminalRequestId !== null ? { terminalRequestId: loan.terminalRequestId } : {}),
        },
        officer,
        asked,
      );
      loan.id = answer?.loan.id ?? null;
      loan.approvalRequestId = answer?.loan.approvalRequestId ?? null;
    });
    if (s.fate === 'REQUESTED') return;
    const later = (hours: number) => new Date(asked.getTime() + hours * HOUR);
    if (s.fate === 'DECLINED') {
      step(later(6), () => decide(loan, 'decline', DECLINE_NOTES[index % DECLINE_NOTES.length]!, later(6)));
      return;
    }
    if (s.fate === 'CANCELLED' && s.cancelledWhile === 'REQUESTED') {
      step(later(7), () => loan.id !== null && command(updateLoan, { id: loan.id, action: 'CANCEL', note: CANCEL_NOTES[1] }, officer, later(7)));
      // A cancelled loan's request can only be declined: Finance clears it from the queue the next morning.
      step(later(23), () => decide(loan, 'decline', 'The loan was cancelled', later(23)));
      return;
    }
    step(later(4.5), () => decide(loan, 'approve', 'Checked the merchant’s POS turnover', later(4.5)));
    if (s.fate === 'APPROVED') return;
    if (s.fate === 'CANCELLED') {
      step(
        later(50),
        () => loan.id !== null && command(updateLoan, { id: loan.id, action: 'CANCEL', note: CANCEL_NOTES[index % 2 === 0 ? 0 : 2] }, officer, later(50)),
      );
      return;
    }
    const paidOut = s.day === 0 ? new Date(now.getTime() - 40 * 60_000) : at(s.day, '09:30', jitter);
    step(paidOut, () => loan.id !== null && command(updateLoan, { id: loan.id, action: 'DISBURSE' }, approver, paidOut));
    const { total } = loanCharges({
      principal: loan.principal,
      interestBps: s.interestBps,
      fee: s.fee * 100,
      frequency: s.frequency,
      instalments: s.instalments,
    });
    const instalment = Math.floor(total / s.instalments);
    if (s.keeps !== undefined) {
      const spentAt = new Date(paidOut.getTime() + 2 * HOUR);
      const keep = BigInt(Math.round(s.keeps * instalment));
      step(spentAt, () => loan.id !== null && spendOnStock(deps, loan, { at: spentAt, keep, fee, officerId: officer.id, random }));
    }
    const tuned = new Date(paidOut.getTime() + 45 * 60_000);
    if (s.wholeOnly)
      step(tuned, async () => {
        const id = await settingOf(loan);
        return id !== null && command(updateDeductionSetting, { id, allowPartial: false }, officer, tuned);
      });
    if (s.capped)
      step(tuned, async () => {
        const id = await settingOf(loan);
        return id !== null && command(updateDeductionSetting, { id, capPerRun: instalment }, officer, tuned);
      });
    if (s.pausedDay !== undefined) {
      const pausedAt = at(s.pausedDay, '16:00', jitter);
      step(pausedAt, async () => {
        const id = await settingOf(loan);
        return id !== null && command(toggleDeductionSettings, { status: 'PAUSED', ids: [id] }, officer, pausedAt);
      });
    }
    if (s.defaultedDay !== undefined) {
      const defaultedAt = at(s.defaultedDay, '15:00', jitter);
      step(
        defaultedAt,
        () =>
          loan.id !== null &&
          command(updateLoan, { id: loan.id, action: 'DEFAULT', note: 'Weeks past due; the merchant no longer answers calls' }, officer, defaultedAt),
      );
    }
    if (s.writtenOffDay !== undefined) {
      const writtenOffAt = at(s.writtenOffDay, '12:00', jitter);
      step(
        writtenOffAt,
        () =>
          loan.id !== null &&
          command(updateLoan, { id: loan.id, action: 'WRITE_OFF', note: 'Recovery exhausted: written off under the credit policy' }, approver, writtenOffAt),
      );
    }
  });

  // The morning deduction run: daily for the last week, every five days before (each of those takes five days' instalments at once).
  let runs = 0;
  const clock: DemoClock = { at: now };
  const runAndWait = async (started: { run: { id: number } | null } | null, when: Date) => {
    if (!started?.run) return;
    runs += 1;
    const runId = started.run.id;
    clock.at = when;
    await runDemoJobs(deps, clock, lendingJobs, {
      settled: async () => (await db.selectFrom('deduction_runs').select('status').where('id', '=', runId).executeTakeFirst())?.status === 'DONE',
      until: new Date(when.getTime() + HOUR),
    });
  };
  for (let daysAgo = 90; daysAgo >= 0; daysAgo -= 1) {
    if (daysAgo >= 7 && daysAgo % RUN_EVERY !== 0) continue;
    const when = at(daysAgo, RUN_HOUR);
    step(when, async () => runAndWait(await command(runDeductions, { dryRun: false }, officer, when), when));
  }
  // A catch-up run over the capped loans' settings one afternoon, as an officer would start from the settings list.
  const catchUp = at(5, '16:30');
  step(catchUp, async () => {
    const ids: number[] = [];
    for (const loan of loans) if (loan.story.capped && (await settingOf(loan)) !== null) ids.push(loan.settingId!);
    if (ids.length > 0) await runAndWait(await command(bulkDeductions, { ids, dryRun: false }, officer, catchUp), catchUp);
  });

  steps.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  for (const { act } of steps) await act();
  return { loans: loans.filter((loan) => loan.id !== null).length, runs };
}

/**
 * The stories given merchants and amounts. Merchants that fall behind are those with little in
 * their wallet (Tier 3 first: a tier that lets them send the loan on); the others are the richest,
 * the biggest loans to the biggest wallets, each lent no more than its wallet can repay (the
 * interest and fee come out of what it held before), its tier may hold, or its tier's limits let a
 * run take. Terminals on loan go to the merchants of the demo terminal requests bought on loan.
 * Loans never paid out go to merchants left over, or again to those who borrowed before.
 */
async function castLoans(deps: AppDeps, now: Date): Promise<DemoLoan[]> {
  const db = deps.db;
  // Merchants other demo data needs as they are: bulk uploads paying out, sweeps, requests waiting for a decision.
  const busy = await sql<{ id: number }>`
    select business_id as id from bulk_transfer_uploads where business_id is not null
    union select business_id from sweep_rows
    union select business_id from approval_requests where status = 'PENDING' and business_id is not null`.execute(db);
  const wallets = await demoWallets(db, { minTier: 1, minBalance: 0n, count: 400, except: busy.rows.map((row) => row.id) });
  // Wallets that sent nothing today: the deduction runs count their takes against the tier's daily
  // limit of today (the real one, whatever day a demo run stands for), so a wallet that spent today
  // would be refused instalments its story means it to pay.
  const free: Borrower[] = wallets.filter((wallet) => wallet.usedToday === 0).map((wallet) => ({ ...wallet, balance: Number(wallet.balance) }));
  const taken = new Set<number>();
  const loans: DemoLoan[] = [];
  const lend = (story: Story, borrower: Borrower, principal: number, terminalRequestId: number | null = null) => {
    taken.add(borrower.businessId);
    loans.push({
      story,
      borrower,
      principal,
      terminalRequestId,
      reason: story.terminal ? 'POS terminal bought on loan, repaid weekly from the merchant’s takings' : REASONS[loans.length % REASONS.length]!,
      id: null,
      approvalRequestId: null,
      settingId: null,
    });
  };
  const pick = (candidates: Borrower[], story: Story, spends: boolean) => {
    for (const borrower of candidates) {
      if (taken.has(borrower.businessId)) continue;
      const principal = principalFor(story, borrower, spends);
      if (principal !== null) return lend(story, borrower, principal);
    }
  };

  // Terminals on loan, oldest request to the oldest loan; the loan is asked for after the request.
  const terminalStories = STORIES.filter((s) => s.terminal).sort((a, b) => b.day - a.day || (b.hoursAgo ?? 0) - (a.hoursAgo ?? 0));
  // Merchants whose wallet can hold the terminal's price at any tier (Tier 1 holds ₦300,000 at most).
  const requests = await db
    .selectFrom('terminal_requests as r')
    .innerJoin('businesses as b', 'b.id', 'r.business_id')
    .innerJoin('wallets as w', 'w.business_id', 'b.id')
    .leftJoin('ledger_accounts as a', 'a.wallet_uid', 'w.uid')
    .select(['r.id', 'r.business_id', 'r.amount', 'r.created_at', 'b.name', 'w.uid'])
    .where('r.is_loan', '=', true)
    .where('r.status', 'in', ['ON_LOAN', 'ASSIGNED', 'DISPATCHED', 'DELIVERED', 'DEPLOYED'])
    .where('r.plan', '=', 'OUTRIGHT')
    .where('w.status', '=', 'ACTIVE')
    .where('b.is_fraud', '=', false)
    .where(sql<boolean>`coalesce(a.balance, 0) + r.amount <= 28000000`)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('bank_transfers as t').select('t.id').whereRef('t.business_id', '=', 'b.id').where('t.status', '=', 'HELD'))))
    .orderBy('r.created_at')
    .orderBy('r.id')
    .limit(100)
    .execute();
  const busyIds = new Set(busy.rows.map((row) => row.id));
  for (const s of terminalStories) {
    const askedAt = now.getTime() - (s.hoursAgo !== undefined ? s.hoursAgo * HOUR : (s.day + 1) * DAY);
    for (const request of requests) {
      if (taken.has(request.business_id) || busyIds.has(request.business_id) || request.created_at.getTime() >= askedAt) continue;
      const state = await walletLimitState(db, request.uid);
      if (!state || state.usedToday > 0) continue;
      const borrower: Borrower = {
        businessId: request.business_id,
        businessName: request.name,
        walletUid: request.uid,
        balance: state.balance,
        tier: state.tier,
        limits: state.limits,
      };
      const principal = Number(request.amount);
      if (principalFor({ ...s, upTo: principal / 100 }, borrower, false) === principal) {
        lend(s, borrower, principal, request.id);
        break;
      }
    }
  }
  // Merchants who spend their loan at once: the poorest wallets (Tier 3 first: its limits let the loan go on).
  const poorest = [...free].sort((a, b) => b.tier - a.tier || a.balance - b.balance);
  // The rest: the biggest loans to the richest wallets (demoWallets answers richest first).
  for (const s of inTurns(STORIES.filter((each) => PAID_OUT.includes(each.fate) && !loans.some((loan) => loan.story === each))))
    if (s.keeps !== undefined) pick(poorest, s, true);
    else pick(free, s, false);
  // Never paid out: anyone left, then merchants who borrowed before (one who repaid comes back for more first).
  const returning = [...loans]
    .filter((loan) => !loan.story.terminal)
    .sort((a, b) => PAID_OUT.indexOf(a.story.fate) - PAID_OUT.indexOf(b.story.fate))
    .map((loan) => loan.borrower);
  for (const s of STORIES.filter((each) => !PAID_OUT.includes(each.fate) && !loans.some((loan) => loan.story === each))) {
    const before = loans.length;
    pick(free, s, false);
    if (loans.length > before) continue;
    const again = returning.find(
      (borrower) => principalFor(s, borrower, false) !== null && !loans.some((loan) => loan.borrower === borrower && loan.story.fate === s.fate),
    );
    if (again) lend(s, again, principalFor(s, again, false)!);
  }
  return loans;
}

/**
 * The stories one fate after another in turns, the biggest loan of each fate first: when there
 * are fewer merchants than stories (a small demo), every state is still shown.
 */
function inTurns(stories: readonly Story[]): Story[] {
  const queues = new Map<string, Story[]>();
  for (const s of [...stories].sort((a, b) => b.upTo - a.upTo)) {
    // Falling behind is a story of its own, whatever state it ends in.
    const kind = `${s.fate}${s.keeps !== undefined || s.capped || s.pausedDay !== undefined ? ' behind' : ''}`;
    queues.set(kind, [...(queues.get(kind) ?? []), s]);
  }
  const turns: Story[] = [];
  while (turns.length < stories.length) {
    for (const queue of queues.values()) {
      const next = queue.shift();
      if (next) turns.push(next);
    }
  }
  return turns;
}

/**
 * Kobo to lend for this story to this wallet, or null when the wallet cannot carry even ₦10,000.
 * At most what the tier lets the wallet hold (a loan paid out is a capped credit); each instalment
 * within the tier's debit limits for the few a run may take at once (the deductions count their
 * takes against them); for a loan repaid in full, interest and fee within what the wallet held
 * before; for one spent at once, the spend within the tier's limits and under the ₦1,000,000 the
 * fraud rules hold for a new beneficiary.
 */
function principalFor(story: Story, wallet: Borrower, spends: boolean): number | null {
  const rate = story.interestBps / 10_000;
  const fee = story.fee * 100;
  const { maxBalance, singleDebitLimit, dailyDebitLimit } = wallet.limits;
  let most = story.upTo * 100;
  if (maxBalance !== null) most = Math.min(most, (maxBalance - wallet.balance) * 0.95);
  const perRun = story.frequency === 'DAILY' ? RUN_EVERY : 1;
  const instalment = Math.min(singleDebitLimit ?? Number.POSITIVE_INFINITY, (dailyDebitLimit ?? Number.POSITIVE_INFINITY) / perRun) * 0.9;
  most = Math.min(most, (instalment * story.instalments - fee) / (1 + rate));
  if (spends) {
    const send = Math.min(singleDebitLimit ?? Number.POSITIVE_INFINITY, dailyDebitLimit ?? Number.POSITIVE_INFINITY, 95_000_000);
    most = Math.min(most, send - wallet.balance - 200_000);
  } else if (story.fate === 'REPAID' || story.fate === 'REPAYING' || story.fate === 'DISBURSED') {
    if (wallet.balance <= fee * 1.25) return null;
    if (rate > 0) most = Math.min(most, ((wallet.balance - fee * 1.25) / rate) * 0.8);
  }
  const step = most >= 10_000_000 ? 500_000 : 100_000;
  const principal = Math.floor(most / step) * step;
  return principal >= 1_000_000 ? principal : null;
}

/**
 * The merchant spends its loan on stock the day it arrives: a transfer to its supplier through
 * the transfers domain, sent through the provider on the demo clock, leaving `keep` kobo in the
 * wallet for the deductions.
 */
async function spendOnStock(
  deps: AppDeps,
  loan: DemoLoan,
  context: { at: Date; keep: bigint; fee: bigint; officerId: number; random: ReturnType<typeof createRandom> },
): Promise<unknown> {
  const db = deps.db;
  const account = await walletAccount(db, loan.borrower.walletUid);
  const held = (await balances(db, [account.id])).get(account.id) ?? 0n;
  const amount = held - context.fee - context.keep;
  if (amount < 100_000n) return null;
  const bankCode = context.random.pick(SUPPLIER_BANKS);
  // Serials ending 100–899: the sandbox pays them (991 and up provoke its failures).
  const accountNumber = nuban(bankCode, `${100_000 + context.random.int(900_000)}${100 + context.random.int(800)}`);
  return refusable(async () => {
    const beneficiary = await confirmBeneficiary(db, deps, { bankCode, accountNumber });
    const started = await db.transaction().execute((trx) =>
      startTransfer(
        trx,
        {
          origin: 'single',
          source: { kind: 'wallet', businessId: loan.borrower.businessId, businessName: loan.borrower.businessName, walletUid: loan.borrower.walletUid },
          beneficiary,
          amount,
          narration: `Stock from the supplier (loan ${loanReference(loan.id!)})`,
        },
        { now: context.at, adminId: context.officerId, commandId: 'demo.seed', requestId: null, backdated: true },
      ),
    );
    // Sent as the worker would have then; a provider that does not answer is given up on quickly.
    if (started.status === 'QUEUED') await sendTransfer(depsAt(deps, { at: context.at }), started.id, AbortSignal.timeout(300));
    return started;
  });
}
