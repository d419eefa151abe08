import { ApiError, bulkDeductions, DEDUCTION_JOB_KIND, formatNaira, koboFromDatabase, loanReference, runDeductions } from '@traction/core';
import type { Db } from '../../db/connect';
import { withSavepoint } from '../../handling/savepoint';
import type { JobDefinition, JobResult, RunningJob } from '../jobs/index';
import { openCompanyAccounts, type Posting, type PostingMeta, post } from '../ledger/index';
import { addWalletPositions, type Decision, decideCollection, loanToCollect, type WalletPosition } from './deduction-plan';
import {
  type CollectionInput,
  collectionInputs,
  dueInstalmentCount,
  findRunRecord,
  finishRun,
  insertRunItems,
  loansReachedBy,
  loansToCollect,
  lockLoansInOrder,
  markRunRunning,
  markSettingsRun,
  type RunRecord,
  type RunScope,
  recordRepayments,
  runTotals,
  type TakenRepayment,
} from './deductions.repository';
import { afterRepayment } from './loan-moves';

/**
 * Loans collected in one transaction: progress is recorded between chunks, and a crash loses at
 * most one chunk's work (rolled back whole — postings, repayments and items together — and done
 * again by the job taken over).
 */
export const DEDUCTION_CHUNK = 25;

export interface DeductionJobPayload {
  runId: number;
}

/** The ledger reference of one repayment: unique per run, loan and instalment, and naming all three. */
export const deductionReference = (runId: number, loanId: number, instalment: number) => `DED-${runId}-${loanId}-${instalment}`;

export const scopeOf = (run: Pick<RunRecord, 'scope' | 'setting_ids'>): RunScope =>
  run.scope === 'BULK' ? { scope: 'BULK', settingIds: run.setting_ids ?? [] } : { scope: 'INIT' };

/** What an instalment's decision became once the ledger had its say. */
interface Outcome extends Decision {
  transferId: bigint | null;
}

/** One loan of a chunk and what became of each of its due instalments. */
interface Collected {
  input: CollectionInput;
  outcomes: Outcome[];
}

interface ChunkContext {
  run: RunRecord;
  loansReceivable: number;
  meta: PostingMeta;
}

/** The ledger leg of one take: wallet → loans receivable, its reference naming run, loan and instalment. */
function repaymentLeg(context: ChunkContext, input: CollectionInput, decision: Decision): Posting {
  const reference = loanReference(input.loan_id);
  return {
    debit: input.account_id!,
    credit: context.loansReceivable,
    amount: decision.taken,
    kind: 'loan_repayment',
    reference: deductionReference(context.run.id, input.loan_id, decision.instalment),
    narration: `Repayment of loan ${reference}, instalment ${decision.instalment}`,
    counterparty: `Traction loan ${reference}`,
  };
}

const copyOf = (positions: ReadonlyMap<number, WalletPosition>) => new Map([...positions].map(([id, position]) => [id, { ...position }]));

/**
 * The usual case, fast: every loan of the chunk decided in order, and every take posted in one
 * posting (a transfer each, under one savepoint). The ledger checks that posting leg by leg as it
 * would check the takes one after another — the money policy, the balances in order, and the
 * limits on each wallet's sum, which is stricter — so when it passes, taking them one by one would
 * have taken exactly the same. When it is refused, nothing of it stays, and undefined says to
 * take them one by one instead.
 */
async function collectAtOnce(
  db: Db,
  loans: readonly CollectionInput[],
  positions: Map<number, WalletPosition>,
  context: ChunkContext,
): Promise<Collected[] | undefined> {
  const decided = loans.map((input) => ({ input, decisions: decideCollection(loanToCollect(input), positions.get(input.business_id)!) }));
  const legs = decided.flatMap(({ input, decisions }) =>
    decisions.filter((decision) => decision.taken > 0n).map((decision) => repaymentLeg(context, input, decision)),
  );
  let transfers = new Map<string, bigint>();
  if (legs.length > 0) {
    try {
      const posted = await withSavepoint(db, () => post(db, legs, context.meta));
      transfers = new Map(posted.map((transfer) => [transfer.reference, transfer.id]));
    } catch (error) {
      if (error instanceof ApiError) return undefined;
      throw error;
    }
  }
  return decided.map(({ input, decisions }) => ({
    input,
    outcomes: decisions.map((decision) => ({
      ...decision,
      transferId: decision.taken > 0n ? transfers.get(deductionReference(context.run.id, input.loan_id, decision.instalment))! : null,
    })),
  }));
}

/**
 * One take at a time, each under its own savepoint, when the chunk's posting was refused: a take
 * the ledger refuses (the money policy, a limit, a balance that moved) is recorded as not taken
 * with the ledger's sentence, gives its money back to the loans after it, and the loan's later
 * instalments wait for it (oldest first); the run goes on to the next loan.
 */
async function collectOneByOne(db: Db, loans: readonly CollectionInput[], positions: Map<number, WalletPosition>, context: ChunkContext): Promise<Collected[]> {
  const collected: Collected[] = [];
  for (const input of loans) {
    const wallet = positions.get(input.business_id)!;
    const outcomes: Outcome[] = [];
    let waitingFor: string | null = null;
    for (const decision of decideCollection(loanToCollect(input), wallet)) {
      if (decision.taken === 0n) {
        outcomes.push({ ...decision, reason: waitingFor ?? decision.reason, transferId: null });
        continue;
      }
      // The decision counted this take against the wallet; one not made gives it back for the loans after.
      const giveBack = () => {
        wallet.balance += decision.taken;
        wallet.usedToday -= decision.taken;
      };
      if (waitingFor !== null) {
        giveBack();
        outcomes.push({ ...decision, taken: 0n, state: 'NOT_TAKEN', reason: waitingFor, transferId: null });
        continue;
      }
      try {
        const [transfer] = await withSavepoint(db, () => post(db, [repaymentLeg(context, input, decision)], context.meta));
        outcomes.push({ ...decision, transferId: transfer!.id });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        giveBack();
        outcomes.push({ ...decision, taken: 0n, state: 'NOT_TAKEN', reason: error.message, transferId: null });
        waitingFor = `Instalment ${decision.instalment}, due earlier, was not taken (${error.message}): instalments are collected oldest first`;
      }
    }
    collected.push({ input, outcomes });
  }
  return collected;
}

/**
 * One chunk of loans in one transaction. The loans are locked first, all of them and in id order,
 * before the ledger locks any wallet: a second run over the same loans waits here, then finds
 * their instalments paid (read after the locks) and records nothing for them; a loan this run
 * reached already (another worker of the same run, a takeover) is passed over. Each due instalment
 * is decided on what the locks hold now, taken through the ledger, and recorded — repayment,
 * instalment, loan and run item — in this same transaction, so a crash undoes all of it or none.
 */
async function collectChunk(db: Db, run: RunRecord, loanIds: readonly number[], at: Date): Promise<void> {
  const locked = await lockLoansInOrder(db, loanIds);
  const reached = await loansReachedBy(db, run.id, locked);
  const inputs = await collectionInputs(db, { loanIds: locked.filter((id) => !reached.has(id)), scope: scopeOf(run), asOf: run.as_of });
  const loans = inputs.filter((input) => input.instalments.length > 0);
  if (loans.length === 0) return;
  const positions = new Map<number, WalletPosition>();
  await addWalletPositions(db, loans, positions);
  const company = await openCompanyAccounts(db);
  const context: ChunkContext = {
    run,
    loansReceivable: company.loansReceivable,
    // Dated by the run's clock like its repayments and items, so a run the demo data makes in the past posts then too.
    meta: { commandId: run.scope === 'BULK' ? bulkDeductions.id : runDeductions.id, adminId: run.created_by, requestId: null, at },
  };
  const collected = (await collectAtOnce(db, loans, copyOf(positions), context)) ?? (await collectOneByOne(db, loans, positions, context));

  const taken: TakenRepayment[] = collected.flatMap(({ input, outcomes }) =>
    outcomes.flatMap((outcome) =>
      outcome.transferId === null ? [] : [{ loanId: input.loan_id, instalment: outcome.instalment, amount: outcome.taken, transferId: outcome.transferId }],
    ),
  );
  const repaymentIds = await recordRepayments(db, taken, run.id, at);
  // Repaying, or repaid (and its deductions paused) once the last kobo is in.
  for (const loanId of new Set(taken.map((take) => take.loanId)))
    await afterRepayment(db, loanId, at, { adminId: run.created_by, note: `Deduction run #${run.id}` });
  await insertRunItems(
    db,
    collected.flatMap(({ input, outcomes }) =>
      outcomes.map((outcome) => ({
        runId: run.id,
        loanId: input.loan_id,
        instalment: outcome.instalment,
        dueDate: outcome.dueDate,
        due: outcome.due,
        taken: outcome.taken,
        state: outcome.state,
        reason: outcome.reason,
        repaymentId: repaymentIds.get(`${input.loan_id}:${outcome.instalment}`) ?? null,
        at,
      })),
    ),
  );
  await markSettingsRun(
    db,
    loans.map((input) => input.loan_id),
    at,
  );
}

/** Records the run's progress (outside its chunks' transactions) and answers its totals so far. */
async function reportProgress(job: RunningJob<DeductionJobPayload>, expected: number, message: string) {
  const totals = await runTotals(job.deps.db, job.payload.runId);
  await job.progress({
    done: totals.instalments,
    total: Math.max(expected, totals.instalments),
    counts: { TAKEN: totals.taken, PARTLY_TAKEN: totals.partly_taken, NOT_TAKEN: totals.not_taken },
    amountKobo: totals.amount_taken,
    message,
  });
  return totals;
}

/**
 * Runs a deduction run, a chunk of loans at a time, in loan id order. Resumable and safe to run
 * beside itself: a loan's items and its postings commit together, a run carries on past the loans
 * it has items for, and every take is decided under the loan's lock on what is still unpaid — so
 * however the run is repeated, taken over or overlapped by another, an instalment is taken once.
 */
export async function runDeductionRun(job: RunningJob<DeductionJobPayload>): Promise<JobResult> {
  const { deps } = job;
  const run = await findRunRecord(deps.db, job.payload.runId);
  if (!run) return { status: 'failed', reason: `Deduction run ${job.payload.runId} does not exist` };
  if (run.status === 'DONE' || run.status === 'FAILED') return { status: 'done', result: { note: `Deduction run #${run.id} is ${run.status.toLowerCase()}` } };
  await markRunRunning(deps.db, run.id);
  const scope = scopeOf(run);
  const before = await runTotals(deps.db, run.id);
  const expected = before.instalments + (await dueInstalmentCount(deps.db, { scope, asOf: run.as_of, runId: run.id })).instalments;
  let after = 0;
  for (;;) {
    if (job.signal.aborted)
      return { status: 'retry', at: deps.clock.now(), reason: 'The worker stopped; the run carries on from the next loan it has not reached' };
    const loanIds = await loansToCollect(deps.db, { scope, asOf: run.as_of, afterLoanId: after, limit: DEDUCTION_CHUNK, runId: run.id });
    if (loanIds.length === 0) break;
    after = loanIds[loanIds.length - 1]!;
    const at = deps.clock.now();
    await deps.db.transaction().execute((trx) => collectChunk(trx, run, loanIds, at));
    await reportProgress(job, expected, `Reached loans up to ${loanReference(after)}`);
  }
  await finishRun(deps.db, run.id, { status: 'DONE', at: deps.clock.now() });
  const totals = await reportProgress(job, expected, 'Every loan due is reached');
  return {
    status: 'done',
    result: {
      instalments: totals.instalments,
      taken: totals.taken,
      partlyTaken: totals.partly_taken,
      notTaken: totals.not_taken,
      amountTaken: koboFromDatabase(totals.amount_taken),
      summary: `${formatNaira(totals.amount_taken)} taken for ${totals.taken + totals.partly_taken} of ${totals.instalments} instalments`,
    },
  };
}

/** The jobs of deductions, registered at the composition root (src/jobs.ts) through the domain's index. */
export const deductionRunJobs: readonly JobDefinition<DeductionJobPayload>[] = [{ kind: DEDUCTION_JOB_KIND, leaseSeconds: 120, run: runDeductionRun }];
