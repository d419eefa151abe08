import { spellDay } from '@traction/core/format';
import {
  addLoan,
  alreadyInState,
  badRequest,
  type CommandParsedInput,
  conflict,
  forbidden,
  formatNaira,
  getLoan,
  koboFromDatabase,
  lagosDate,
  lagosDateTime,
  LOAN_APPROVAL_ACTION,
  LOAN_FREQUENCY_WORDS,
  LOAN_STATUS_WORDS,
  type LoanAction,
  type LoanDetail,
  type LoanFrequency,
  type LoanRow,
  type LoanTerms,
  listLoans,
  loanActions,
  loanCharges,
  loanReference,
  loanSchedule,
  loanTracker,
  MAX_LOAN_INSTALMENTS,
  notFound,
  type Permission,
  updateLoan,
} from '@traction/core';
import { type HandlerContext, requireAdmin, type SignedInAdmin } from '../../handling/handler-context';
import { type Implementation, implement, implementList } from '../../handling/implement';
import { actingOf, createApprovalRequest } from '../approvals/index';
import { assertLoanMove, moveLoan } from './loan-moves';
import { disbursementReference, postDisbursement, postWriteOff } from './loan-postings';
import {
  filterLoans,
  findLoan,
  insertInstalments,
  insertLoan,
  type LockedLoan,
  loanCsv,
  loanEvents,
  loanInstalments,
  loanQuery,
  loanRepayments,
  loanTransferReferences,
  lockLoan,
  merchantForLoan,
  pauseDeductions,
  recordLoanEvent,
  startDeductions,
  terminalRequestBusiness,
  toLoanRow,
  toTrackerRow,
  trackerCsv,
  trackerQuery,
  updateLoanRow,
} from './loans.repository';

/** The business's "today": the Lagos day of the request's clock. */
const todayOf = (ctx: HandlerContext) => lagosDate(ctx.now);

/** Disbursing and writing off move money: a duty of its own, on top of the command's `loans.manage`. */
const MONEY_ACTIONS: Partial<Record<LoanAction, Permission>> = { DISBURSE: 'loans.disburse', WRITE_OFF: 'loans.disburse' };
const ACTION_VERBS: Record<LoanAction, string> = {
  EDIT: 'edit a loan',
  DISBURSE: 'disburse a loan',
  CANCEL: 'cancel a loan',
  DEFAULT: 'mark a loan defaulted',
  WRITE_OFF: 'write a loan off',
};
/** The term fields only EDIT takes. */
const TERM_FIELDS = ['principal', 'interestBps', 'fee', 'frequency', 'instalments'] as const;

const mayDo = (admin: SignedInAdmin, action: LoanAction) => {
  const extra = MONEY_ACTIONS[action];
  return admin.permissions.has('loans.manage') && (!extra || admin.permissions.has(extra));
};

export const listLoansHandler = implementList(listLoans, ({ input, ctx }) => ({
  query: filterLoans(loanQuery(ctx.db, todayOf(ctx)), input),
  cursor: { column: 'l.id', key: 'id', direction: 'desc' },
  map: toLoanRow,
  csv: loanCsv,
}));

export const loanTrackerHandler = implementList(loanTracker, ({ input, ctx }) => ({
  query: trackerQuery(ctx.db, input.asOf ?? todayOf(ctx), input),
  cursor: { column: 'l.id', key: 'id', direction: 'desc' },
  // Most days past due first: the loans to chase.
  sortFirst: { column: 's.days_past_due', key: 'days_past_due' },
  map: toTrackerRow,
  csv: trackerCsv,
}));

async function loanRowOf(ctx: HandlerContext, id: number): Promise<LoanRow> {
  const loan = await findLoan(ctx.db, id, todayOf(ctx));
  if (!loan) throw notFound(`There is no loan ${loanReference(id)}`);
  return loan;
}

/** Where an instalment stands today: paid, late (due before today and short), partly paid, due today, or upcoming. */
function instalmentState(instalment: { due_date: string; amount: bigint; paid: bigint }, today: string) {
  if (instalment.paid >= instalment.amount) return 'PAID' as const;
  if (instalment.due_date < today) return 'LATE' as const;
  if (instalment.paid > 0n) return 'PARTLY_PAID' as const;
  return instalment.due_date === today ? ('DUE' as const) : ('UPCOMING' as const);
}

export const getLoanHandler = implement(getLoan, async ({ input, ctx }): Promise<LoanDetail> => {
  const admin = requireAdmin(ctx);
  const today = todayOf(ctx);
  const loan = await loanRowOf(ctx, input.id);
  const [instalments, repayments, events, references] = await Promise.all([
    loanInstalments(ctx.db, loan.id),
    loanRepayments(ctx.db, loan.id),
    loanEvents(ctx.db, loan.id),
    loanTransferReferences(ctx.db, loan.id),
  ]);
  return {
    ...loan,
    // Only what this admin may do now: a loan is marked defaulted only while in arrears.
    actions: loanActions(loan.status).filter((action) => mayDo(admin, action) && (action !== 'DEFAULT' || loan.arrears > 0)),
    schedule: instalments.map((instalment) => ({
      number: instalment.number,
      dueDate: instalment.due_date,
      amount: koboFromDatabase(instalment.amount),
      paid: koboFromDatabase(instalment.paid),
      state: instalmentState(instalment, today),
      paidAt: instalment.paid_at ? instalment.paid_at.toISOString() : null,
    })),
    repayments: repayments.map((repayment) => ({
      id: Number(repayment.id),
      at: repayment.created_at.toISOString(),
      instalment: repayment.instalment,
      amount: koboFromDatabase(repayment.amount),
      transferReference: repayment.reference,
      runId: repayment.run_id,
    })),
    events: events.map((event) => ({
      id: event.id,
      at: event.at.toISOString(),
      fromStatus: event.from_status,
      toStatus: event.to_status,
      note: event.note,
      adminName: event.admin_name,
    })),
    disbursementReference: references.disbursement,
    writeOffReference: references.writeOff,
  };
});

/** 400 naming `instalments` when there are more than the frequency allows. */
function checkInstalments(terms: LoanTerms): void {
  const most = MAX_LOAN_INSTALMENTS[terms.frequency];
  if (terms.instalments > most) {
    const words = LOAN_FREQUENCY_WORDS[terms.frequency].toLowerCase();
    throw badRequest(`A loan repaid ${words} has at most ${most} instalments`, [
      { field: 'instalments', message: `must be at most ${most} for ${words} repayments` },
    ]);
  }
}

/** "₦5,250.00 in 30 daily instalments" */
const repaymentWords = (terms: LoanTerms) =>
  `${formatNaira(loanCharges(terms).total)} in ${terms.instalments} ${LOAN_FREQUENCY_WORDS[terms.frequency].toLowerCase()} instalment${terms.instalments === 1 ? '' : 's'}`;

/** Files the request a second admin decides the loan's terms by (amount: the principal). */
async function requestApproval(ctx: HandlerContext, loan: { id: number; businessId: number; businessName: string; terms: LoanTerms; reason: string }) {
  const { request } = await createApprovalRequest(actingOf(ctx), {
    commandId: LOAN_APPROVAL_ACTION,
    businessId: loan.businessId,
    amount: loan.terms.principal,
    reason: `${loan.reason} — loan ${loanReference(loan.id)}: ${formatNaira(loan.terms.principal)} to ${loan.businessName}, repaid ${repaymentWords(loan.terms)}`,
    input: { loanId: loan.id },
    evidenceUploadId: null,
  });
  return request;
}

export const addLoanHandler = implement(addLoan, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const merchant = await merchantForLoan(ctx.db, input.businessId);
  if (!merchant) throw notFound(`Business ${input.businessId} does not exist`);
  if (merchant.is_fraud) throw conflict(`${merchant.name} is marked as fraud: it cannot borrow`, { reason: 'merchant_fraud', business: merchant.id });
  if (!merchant.wallet_uid) throw conflict(`${merchant.name} has no wallet: there is nowhere to disburse a loan to`, { reason: 'no_wallet' });
  if (input.terminalRequestId !== undefined) {
    const raised = await terminalRequestBusiness(ctx.db, input.terminalRequestId);
    if (!raised || raised.business_id !== merchant.id)
      throw badRequest(`${merchant.name} has no terminal request #${input.terminalRequestId}`, [
        { field: 'terminalRequestId', message: `is not a terminal request of ${merchant.name}` },
      ]);
  }
  const terms: LoanTerms = {
    principal: input.principal,
    interestBps: input.interestBps,
    fee: input.fee,
    frequency: input.frequency,
    instalments: input.instalments,
  };
  checkInstalments(terms);
  const { interest, total } = loanCharges(terms);
  const id = await insertLoan(ctx.db, {
    businessId: merchant.id,
    purpose: input.purpose,
    ...terms,
    interest,
    totalRepayable: total,
    reason: input.reason,
    terminalRequestId: input.terminalRequestId ?? null,
    requestedBy: admin.id,
    at: ctx.now,
  });
  await recordLoanEvent(ctx.db, { loanId: id, from: null, to: 'REQUESTED', note: input.reason, adminId: admin.id, at: ctx.now });
  const request = await requestApproval(ctx, { id, businessId: merchant.id, businessName: merchant.name, terms, reason: input.reason });
  await updateLoanRow(ctx.db, id, { approvalRequestId: request.id, at: ctx.now });
  return {
    loan: await loanRowOf(ctx, id),
    message: `${loanReference(id)} of ${formatNaira(terms.principal)} for ${merchant.name}, repaid ${repaymentWords(terms)}, waits for another admin's approval: request #${request.id}, until ${lagosDateTime(request.expiresAt)} (Lagos time).`,
  };
});

type UpdateInput = CommandParsedInput<typeof updateLoan>;

/** Fields that belong to another action are refused rather than ignored: the admin meant something. */
function refuseStrayFields(input: UpdateInput): void {
  if (input.action !== 'EDIT') {
    const stray = TERM_FIELDS.find((field) => input[field] !== undefined);
    if (stray) throw badRequest(`Terms are changed with EDIT, not ${input.action}`, [{ field: stray, message: 'is only taken with the EDIT action' }]);
  }
  if (input.action !== 'DISBURSE' && input.disbursedOn !== undefined)
    throw badRequest(`disbursedOn is only taken with DISBURSE`, [{ field: 'disbursedOn', message: 'is only taken with the DISBURSE action' }]);
}

export const updateLoanHandler = implement(updateLoan, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const needed = MONEY_ACTIONS[input.action];
  if (needed && !admin.permissions.has(needed)) {
    throw forbidden(`You do not have the "${needed}" permission needed to ${ACTION_VERBS[input.action]}.`, {
      reason: 'missing_permission',
      permission: needed,
    });
  }
  refuseStrayFields(input);
  const loan = await lockLoan(ctx.db, input.id);
  if (!loan) throw notFound(`There is no loan ${loanReference(input.id)}`);
  const step = { ctx, admin, loan, note: input.note?.trim() || null };
  const message =
    input.action === 'EDIT'
      ? await editLoan(step, input)
      : input.action === 'DISBURSE'
        ? await disburseLoan(step, input.disbursedOn)
        : input.action === 'CANCEL'
          ? await cancelLoan(step)
          : input.action === 'DEFAULT'
            ? await defaultLoan(step)
            : await writeOffLoan(step);
  return { loan: await loanRowOf(ctx, loan.id), message };
});

interface Step {
  ctx: HandlerContext;
  admin: SignedInAdmin;
  loan: LockedLoan;
  note: string | null;
}

const termsOf = (loan: LockedLoan): LoanTerms => ({
  principal: koboFromDatabase(loan.principal),
  interestBps: loan.interest_bps,
  fee: koboFromDatabase(loan.fee),
  frequency: loan.frequency,
  instalments: loan.instalments,
});

const sameTerms = (a: LoanTerms, b: LoanTerms) => TERM_FIELDS.every((field) => a[field] === b[field]);

/**
 * New terms for a requested loan: a fresh approval request for them, which alone may approve it
 * now (the older one is refused by the executor and can only be declined).
 */
async function editLoan({ ctx, admin, loan, note }: Step, input: UpdateInput): Promise<string> {
  const reference = loanReference(loan.id);
  if (loan.status !== 'REQUESTED')
    throw conflict(`${reference} is ${LOAN_STATUS_WORDS[loan.status].toLowerCase()}: its terms change only while it is requested`, {
      reason: 'loan_status',
      status: loan.status,
    });
  if (TERM_FIELDS.every((field) => input[field] === undefined))
    throw badRequest('Name the terms to change', [{ field: 'principal', message: 'or another term is required with EDIT' }]);
  const before = termsOf(loan);
  const after: LoanTerms = {
    principal: input.principal ?? before.principal,
    interestBps: input.interestBps ?? before.interestBps,
    fee: input.fee ?? before.fee,
    frequency: (input.frequency ?? before.frequency) as LoanFrequency,
    instalments: input.instalments ?? before.instalments,
  };
  checkInstalments(after);
  if (sameTerms(before, after)) throw alreadyInState(`${reference} already has these terms`, { status: loan.status });
  const merchant = await merchantForLoan(ctx.db, loan.business_id);
  const request = await requestApproval(ctx, {
    id: loan.id,
    businessId: loan.business_id,
    businessName: merchant?.name ?? '',
    terms: after,
    reason: loan.reason,
  });
  const { interest, total } = loanCharges(after);
  await updateLoanRow(ctx.db, loan.id, { ...after, interest, totalRepayable: total, approvalRequestId: request.id, at: ctx.now });
  const change = `Terms changed from ${formatNaira(before.principal)} repaid ${repaymentWords(before)} to ${formatNaira(after.principal)} repaid ${repaymentWords(after)}`;
  await recordLoanEvent(ctx.db, {
    loanId: loan.id,
    from: loan.status,
    to: loan.status,
    note: `${change}; approval request #${request.id}${loan.approval_request_id ? ` replaces #${loan.approval_request_id}` : ''}${note ? `. ${note}` : ''}`,
    adminId: admin.id,
    at: ctx.now,
  });
  const older = loan.approval_request_id ? ` Request #${loan.approval_request_id} can no longer approve it: decline it.` : '';
  return `${change}. ${reference} waits for another admin's approval of the new terms: request #${request.id}, until ${lagosDateTime(request.expiresAt)} (Lagos time).${older}`;
}

/**
 * Pays an approved loan out: the ledger posting (principal to the wallet, charges to income), the
 * schedule from the day disbursed, and automatic deduction switched on — all in the command's
 * transaction, so a preview (`Prefer: dry-run`) shows exactly this and keeps none of it.
 */
async function disburseLoan({ ctx, admin, loan, note }: Step, disbursedOn: string | undefined): Promise<string> {
  assertLoanMove(loan.id, loan.status, 'DISBURSED');
  const today = todayOf(ctx);
  const day = disbursedOn ?? today;
  if (day > today)
    throw badRequest(`A loan is disbursed today or on a day past, not on ${spellDay(day)}`, [
      { field: 'disbursedOn', message: `must be today (${spellDay(today)}) or earlier` },
    ]);
  const merchant = await merchantForLoan(ctx.db, loan.business_id);
  if (!merchant?.wallet_uid)
    throw conflict(`${merchant?.name ?? 'The merchant'} has no wallet to disburse ${loanReference(loan.id)} to`, { reason: 'no_wallet' });
  const transfer = await postDisbursement(
    ctx.db,
    { id: loan.id, principal: BigInt(loan.principal), interest: BigInt(loan.interest), fee: BigInt(loan.fee), walletUid: merchant.wallet_uid },
    { commandId: updateLoan.id, adminId: admin.id, requestId: ctx.request.id, at: ctx.now },
  );
  const terms = termsOf(loan);
  const schedule = loanSchedule(terms, day);
  await insertInstalments(ctx.db, loan.id, schedule);
  await moveLoan(ctx.db, {
    loanId: loan.id,
    from: loan.status,
    to: 'DISBURSED',
    adminId: admin.id,
    at: ctx.now,
    note: note ?? `Disbursed as ${transfer.reference}`,
    set: { disbursed_by: admin.id, disbursed_at: ctx.now, disbursed_on: day, disbursement_transfer_id: transfer.id },
  });
  await startDeductions(ctx.db, loan.id, admin.id, ctx.now);
  return `${loanReference(loan.id)} disbursed: ${formatNaira(terms.principal)} to the wallet of ${merchant.name} (${disbursementReference(loan.id)}). Repaid ${repaymentWords(terms)}, the first due ${schedule[0]!.dueDate}, collected by automatic deduction.`;
}

async function cancelLoan({ ctx, admin, loan, note }: Step): Promise<string> {
  const reference = loanReference(loan.id);
  if (loan.status === 'CANCELLED') throw alreadyInState(`${reference} was already cancelled`, { status: loan.status });
  await moveLoan(ctx.db, { loanId: loan.id, from: loan.status, to: 'CANCELLED', adminId: admin.id, at: ctx.now, note, set: { closed_at: ctx.now } });
  const waiting = loan.status === 'REQUESTED' && loan.approval_request_id ? ` Its approval request #${loan.approval_request_id} can only be declined now.` : '';
  return `${reference} is cancelled: nothing was lent.${waiting}`;
}

/** Only a loan in arrears is marked defaulted: one paid up to date is not in default, whatever is feared. */
async function defaultLoan({ ctx, admin, loan, note }: Step): Promise<string> {
  const reference = loanReference(loan.id);
  if (loan.status === 'DEFAULTED') throw alreadyInState(`${reference} is already defaulted`, { status: loan.status });
  assertLoanMove(loan.id, loan.status, 'DEFAULTED');
  const row = await loanRowOf(ctx, loan.id);
  if (row.arrears <= 0)
    throw conflict(`${reference} is not in arrears: every instalment due by today is paid, so it cannot be marked defaulted`, {
      reason: 'not_in_arrears',
      status: loan.status,
    });
  await moveLoan(ctx.db, { loanId: loan.id, from: loan.status, to: 'DEFAULTED', adminId: admin.id, at: ctx.now, note });
  return `${reference} is marked defaulted: ${formatNaira(row.arrears)} in arrears, ${row.daysPastDue} day${row.daysPastDue === 1 ? '' : 's'} past due. Deductions go on; it can be written off now.`;
}

/** What is still owed leaves the books (loan write-offs); deductions stop. */
async function writeOffLoan({ ctx, admin, loan, note }: Step): Promise<string> {
  const reference = loanReference(loan.id);
  if (loan.status === 'WRITTEN_OFF') throw alreadyInState(`${reference} was already written off`, { status: loan.status });
  assertLoanMove(loan.id, loan.status, 'WRITTEN_OFF');
  const owed = BigInt(loan.total_repayable) - BigInt(loan.repaid) - BigInt(loan.written_off);
  const transfer =
    owed > 0n
      ? await postWriteOff(ctx.db, { id: loan.id, amount: owed }, { commandId: updateLoan.id, adminId: admin.id, requestId: ctx.request.id, at: ctx.now })
      : null;
  await moveLoan(ctx.db, {
    loanId: loan.id,
    from: loan.status,
    to: 'WRITTEN_OFF',
    adminId: admin.id,
    at: ctx.now,
    note,
    set: { written_off: BigInt(loan.written_off) + (owed > 0n ? owed : 0n), closed_at: ctx.now, ...(transfer ? { write_off_transfer_id: transfer.id } : {}) },
  });
  await pauseDeductions(ctx.db, loan.id, ctx.now);
  return `${reference} is written off: ${formatNaira(owed > 0n ? owed : 0n)} still owed left the books${transfer ? ` (${transfer.reference})` : ''}. Its deductions are paused.`;
}

export const loanImplementations: readonly Implementation[] = [listLoansHandler, addLoanHandler, getLoanHandler, updateLoanHandler, loanTrackerHandler];
