import {
  checkDebitLimits,
  type DEDUCTION_ITEM_STATES,
  formatNaira,
  koboFromDatabase,
  LIMIT_FREE_KINDS,
  loanReference,
  type MoneyDecision,
  moneyMovementPolicy,
  type TierLimits,
} from '@traction/core';
import type { Db } from '../../db/connect';
import { walletLimitStates } from '../wallet-settings/index';
import { type CollectionInput, collectionInputs, loansToCollect, type RunScope } from './deductions.repository';

/**
 * What a deduction run takes, decided once for the dry run and the job alike (docs/decisions.md
 * "Loans and deductions"): the dry run reads the same inputs without locks and answers the
 * decisions; the job reads them under the loans' locks and posts exactly the decisions.
 */

export type ItemState = (typeof DEDUCTION_ITEM_STATES)[number];

/** One merchant's wallet as a run finds it, moved as the run takes from it (loans of one merchant share it). */
export interface WalletPosition {
  /** Kobo the wallet holds. */
  balance: bigint;
  /** Debits counted against today's tier limit so far, kobo. */
  usedToday: bigint;
  /** The money policy's word on debiting it (PND, frozen, fraud, no wallet: refused). */
  debit: MoneyDecision;
  /** Its tier's limits; null when they do not hold repayments back, or it never held money (there is nothing to take). */
  limits: TierLimits | null;
}

/** A loan being collected and its instalments due by the run's day and unpaid, oldest first. */
export interface LoanToCollect {
  loanId: number;
  businessId: number;
  businessName: string;
  /** Kobo: the most one run takes for this loan; null: every instalment due. */
  capPerRun: bigint | null;
  allowPartial: boolean;
  instalments: readonly { number: number; dueDate: string; due: bigint }[];
}

/** What a run does with one due instalment. */
export interface Decision {
  instalment: number;
  dueDate: string;
  /** Kobo still due on it. */
  due: bigint;
  /** Kobo taken: min(due, what the wallet holds, what is left of the cap), or nothing. */
  taken: bigint;
  state: ItemState;
  /** Why not all of it, in a sentence; null when all of it. */
  reason: string | null;
}

/**
 * Whether the KYC tier's debit limits hold repayments back: core decides which kinds of debit the
 * limits leave alone (LIMIT_FREE_KINDS), and the ledger checks exactly that, so the decisions here
 * follow the same list rather than a second opinion.
 */
const REPAYMENTS_LIMITED = !LIMIT_FREE_KINDS.includes('loan_repayment');

const stateOf = (taken: bigint, due: bigint): ItemState => (taken === 0n ? 'NOT_TAKEN' : taken === due ? 'TAKEN' : 'PARTLY_TAKEN');

/**
 * Decides each due instalment of one loan, oldest first, and moves `wallet` by what is taken.
 * Each takes min(due, the wallet's balance, what is left of the cap per run). A wallet holding
 * less than is due gives what it holds when the setting allows part of an instalment, and nothing
 * otherwise. A wallet the money policy may not debit (PND, frozen, fraud, no wallet) gives nothing,
 * and so does a debit the tier's limits refuse (when they hold repayments back at all: core's LIMIT_FREE_KINDS). Instalments are collected oldest first: once one
 * is left unpaid for any reason but an empty wallet or a spent cap (which leave nothing for the
 * next anyway), the later ones wait for it.
 */
export function decideCollection(loan: LoanToCollect, wallet: WalletPosition): Decision[] {
  const decisions: Decision[] = [];
  let capLeft = loan.capPerRun;
  let waitingFor: string | null = null;
  for (const { number, dueDate, due } of loan.instalments) {
    const decide = (taken: bigint, reason: string | null) => decisions.push({ instalment: number, dueDate, due, taken, state: stateOf(taken, due), reason });
    if (waitingFor !== null) {
      decide(0n, waitingFor);
      continue;
    }
    if (!wallet.debit.allowed) {
      decide(0n, wallet.debit.reason);
      continue;
    }
    if (capLeft !== null && capLeft <= 0n) {
      decide(0n, `The cap of ${formatNaira(loan.capPerRun ?? 0n)} a run is reached`);
      continue;
    }
    const want = capLeft !== null && capLeft < due ? capLeft : due;
    let taken = want;
    let reason: string | null = want < due ? `The cap of ${formatNaira(loan.capPerRun ?? 0n)} a run left ${formatNaira(want)} for it` : null;
    if (wallet.balance < want) {
      if (wallet.balance <= 0n) {
        decide(0n, `The wallet holds ${formatNaira(wallet.balance)}: nothing to take`);
        continue;
      }
      if (!loan.allowPartial) {
        const short = `The wallet holds ${formatNaira(wallet.balance)}, less than the ${formatNaira(want)} due, and this loan is collected in whole instalments only`;
        decide(0n, short);
        waitingFor = `Instalment ${number}, due earlier, was not taken (${short}): instalments are collected oldest first`;
        continue;
      }
      taken = wallet.balance;
      reason = `The wallet held ${formatNaira(wallet.balance)} of the ${formatNaira(due)} due`;
    }
    const refusal = wallet.limits
      ? checkDebitLimits({ limits: wallet.limits, debitKobo: koboFromDatabase(taken), usedTodayKobo: koboFromDatabase(wallet.usedToday) })
      : null;
    if (refusal) {
      decide(0n, refusal.message);
      waitingFor = `Instalment ${number}, due earlier, was not taken (${refusal.message}): instalments are collected oldest first`;
      continue;
    }
    wallet.balance -= taken;
    wallet.usedToday += taken;
    if (capLeft !== null) capLeft -= taken;
    decide(taken, reason);
  }
  return decisions;
}

/** The loan as `decideCollection` takes it, from what the repository read. */
export function loanToCollect(input: CollectionInput): LoanToCollect {
  return {
    loanId: input.loan_id,
    businessId: input.business_id,
    businessName: input.business_name,
    capPerRun: input.cap_per_run === null ? null : BigInt(input.cap_per_run),
    allowPartial: input.allow_partial,
    instalments: input.instalments,
  };
}

/**
 * The wallets of these loans' merchants not yet in `positions`, as they stand: balance, the money
 * policy on debiting them, and their tier's limits with what today's debits have used.
 */
export async function addWalletPositions(db: Db, inputs: readonly CollectionInput[], positions: Map<number, WalletPosition>): Promise<void> {
  const fresh = new Map<number, CollectionInput>();
  for (const input of inputs) if (!positions.has(input.business_id) && !fresh.has(input.business_id)) fresh.set(input.business_id, input);
  if (fresh.size === 0) return;
  const uids = REPAYMENTS_LIMITED
    ? [...fresh.values()].flatMap((input) => (input.wallet_uid !== null && input.account_id !== null ? [input.wallet_uid] : []))
    : [];
  const limits = await walletLimitStates(db, uids);
  for (const [businessId, input] of fresh) {
    const state = input.account_id === null ? undefined : limits.get(input.account_id);
    positions.set(businessId, {
      balance: BigInt(input.balance),
      usedToday: BigInt(state?.usedToday ?? 0),
      debit: moneyMovementPolicy({ isFraud: input.is_fraud, walletStatus: input.wallet_status, fixedAccount: null }).debit,
      limits: state?.limits ?? null,
    });
  }
}

/** A dry run's answer: every due instalment (the first `MAX_PLAN_ITEMS`) and the totals of all. */
export interface DeductionPlan {
  asOf: string;
  instalments: number;
  willTake: number;
  amountDue: number;
  amountTaken: number;
  items: {
    loanId: number;
    loanReference: string;
    businessId: number;
    businessName: string;
    instalment: number;
    dueDate: string;
    due: number;
    taken: number;
    state: ItemState;
    reason: string | null;
  }[];
}

export const MAX_PLAN_ITEMS = 10_000;
/** Loans read at a time by a dry run. */
const PLAN_PAGE = 500;

/**
 * What a run over `scope` would take now, read without locks or writes: the loans in the order
 * the job reaches them (by id), each merchant's wallet moved by what its earlier loans took.
 */
export async function planDeductions(db: Db, args: { scope: RunScope; asOf: string }): Promise<DeductionPlan> {
  const positions = new Map<number, WalletPosition>();
  const plan: DeductionPlan = { asOf: args.asOf, instalments: 0, willTake: 0, amountDue: 0, amountTaken: 0, items: [] };
  let amountDue = 0n;
  let amountTaken = 0n;
  let after = 0;
  for (;;) {
    const ids = await loansToCollect(db, { scope: args.scope, asOf: args.asOf, afterLoanId: after, limit: PLAN_PAGE });
    if (ids.length === 0) break;
    after = ids[ids.length - 1]!;
    const inputs = await collectionInputs(db, { loanIds: ids, scope: args.scope, asOf: args.asOf });
    await addWalletPositions(db, inputs, positions);
    for (const input of inputs) {
      const loan = loanToCollect(input);
      for (const decision of decideCollection(loan, positions.get(loan.businessId)!)) {
        plan.instalments += 1;
        if (decision.taken > 0n) plan.willTake += 1;
        amountDue += decision.due;
        amountTaken += decision.taken;
        if (plan.items.length < MAX_PLAN_ITEMS) {
          plan.items.push({
            loanId: loan.loanId,
            loanReference: loanReference(loan.loanId),
            businessId: loan.businessId,
            businessName: loan.businessName,
            instalment: decision.instalment,
            dueDate: decision.dueDate,
            due: koboFromDatabase(decision.due),
            taken: koboFromDatabase(decision.taken),
            state: decision.state,
            reason: decision.reason,
          });
        }
      }
    }
    if (ids.length < PLAN_PAGE) break;
  }
  plan.amountDue = koboFromDatabase(amountDue);
  plan.amountTaken = koboFromDatabase(amountTaken);
  return plan;
}
