import { spellDay } from '@traction/core/format';
import {
  ApiError,
  badRequest,
  bulkDeductions,
  conflict,
  DEDUCTION_JOB_KIND,
  DEDUCTION_UPLOAD_COLUMNS,
  deductionReport,
  deductionTemplate,
  deleteDeductionSetting,
  formatNaira,
  getDeductionRun,
  getDeductionSetting,
  LOAN_STATUS_WORDS,
  lagosDate,
  lagosDateTime,
  listDeductionItems,
  listDeductionRuns,
  listDeductionSettings,
  loanDiskReport,
  loanReference,
  notFound,
  rangeBoundToDate,
  runDeductions,
  saveDeductionUpload,
  toggleDeductionSettings,
  updateDeductionSetting,
  validateDeductionUpload,
} from '@traction/core';
import { stringify } from 'csv-stringify/sync';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { type Implementation, implement, implementList } from '../../handling/implement';
import { csvCell } from '../../handling/list-runner';
import { resolveSelection } from '../../handling/selection';
import { LoanBookError } from '../../providers/loan-books/loan-book-exporter';
import { type AnyJobDefinition, enqueueJob } from '../jobs/index';
import { planDeductions } from './deduction-plan';
import { deductionRunJobs } from './deduction-run';
import { checkDeductionRows, deductionFileBytes, loanIdsNamed, type NamedLoan, readDeductionRows } from './deduction-upload';
import {
  deleteSetting,
  dueInstalmentCount,
  findRun,
  findRunRecord,
  findSetting,
  insertRun,
  isCollecting,
  itemCsv,
  itemQuery,
  loansForUpload,
  lockSetting,
  type RunScope,
  runQuery,
  runRepayments,
  setRunJob,
  setSettingsStatus,
  settingCsv,
  settingQuery,
  toItemRow,
  toRunRow,
  toSettingRow,
  updateSetting,
  upsertSettings,
} from './deductions.repository';

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-NG')} ${count === 1 ? one : many}`;

// ---- settings

export const listDeductionSettingsHandler = implementList(listDeductionSettings, ({ input, ctx }) => ({
  query: settingQuery(ctx.db, lagosDate(ctx.now), input),
  cursor: { column: 's.id', key: 'id', direction: 'desc' },
  map: toSettingRow,
  csv: settingCsv,
}));

async function settingOr404(ctx: HandlerContext, id: number) {
  const setting = await findSetting(ctx.db, id, lagosDate(ctx.now));
  if (!setting) throw notFound(`There is no deduction setting #${id}`);
  return setting;
}

export const getDeductionSettingHandler = implement(getDeductionSetting, ({ input, ctx }) => settingOr404(ctx, input.id));

/** Nothing is left to collect on a loan that is not disbursed, repaying or defaulted: its deductions cannot be switched on. */
const notCollectingText = (loanId: number, status: keyof typeof LOAN_STATUS_WORDS) =>
  `${loanReference(loanId)} is ${LOAN_STATUS_WORDS[status].toLowerCase()}: nothing is being collected on it`;

export const updateDeductionSettingHandler = implement(updateDeductionSetting, async ({ input, ctx }) => {
  if (input.clearCap === true && input.capPerRun !== undefined) {
    throw badRequest('Give a cap per run or clear it, not both', [{ field: 'clearCap', message: 'cannot be given with capPerRun' }]);
  }
  const setting = await lockSetting(ctx.db, input.id);
  if (!setting) throw notFound(`There is no deduction setting #${input.id}`);
  if (input.capPerRun !== undefined && BigInt(input.capPerRun) > BigInt(setting.outstanding)) {
    const owed = formatNaira(BigInt(setting.outstanding));
    throw badRequest(`The cap per run, ${formatNaira(input.capPerRun)}, is more than the ${owed} ${loanReference(setting.loan_id)} still owes`, [
      { field: 'capPerRun', message: `must be at most ${owed}, what the loan still owes` },
    ]);
  }
  if (input.status === 'ACTIVE' && setting.status !== 'ACTIVE' && !isCollecting(setting.loan_status)) {
    throw conflict(notCollectingText(setting.loan_id, setting.loan_status), { reason: 'loan_status', status: setting.loan_status });
  }
  await updateSetting(ctx.db, input.id, {
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.capPerRun !== undefined ? { capPerRun: BigInt(input.capPerRun) } : input.clearCap === true ? { capPerRun: null } : {}),
    ...(input.allowPartial !== undefined ? { allowPartial: input.allowPartial } : {}),
    at: ctx.now,
  });
  return settingOr404(ctx, input.id);
});

export const deleteDeductionSettingHandler = implement(deleteDeductionSetting, async ({ input, ctx }) => {
  const deleted = await deleteSetting(ctx.db, input.id);
  if (!deleted) throw notFound(`There is no deduction setting #${input.id}`);
  return {
    ok: true as const,
    message: `${loanReference(deleted.loanId)} is no longer under automatic deduction; what runs took stays recorded. A deduction file puts it back.`,
  };
});

export const toggleDeductionSettingsHandler = implement(toggleDeductionSettings, async ({ input, ctx }) => {
  const { rows, missing } = await resolveSelection(ctx, listDeductionSettingsHandler, input);
  const skipped = missing.map((id) => ({ id, reason: 'no such deduction setting' }));
  const already = input.status === 'ACTIVE' ? 'already active' : 'already paused';
  const targets: number[] = [];
  for (const setting of rows) {
    if (setting.status === input.status) skipped.push({ id: setting.id, reason: already });
    else if (input.status === 'ACTIVE' && !isCollecting(setting.loanStatus))
      skipped.push({ id: setting.id, reason: notCollectingText(setting.loanId, setting.loanStatus) });
    else targets.push(setting.id);
  }
  const changed = await setSettingsStatus(ctx.db, targets, input.status, ctx.now);
  // Read before the write: one another admin switched meanwhile is skipped, and said so.
  const done = new Set(changed);
  for (const id of targets) if (!done.has(id)) skipped.push({ id, reason: already });
  const verb = input.status === 'ACTIVE' ? 'activated' : 'paused';
  return {
    matched: rows.length,
    changed: changed.length,
    skipped,
    message: `${plural(changed.length, 'deduction setting')} ${verb}${skipped.length ? `; ${plural(skipped.length, 'skipped', 'skipped')}` : ''}.`,
  };
});

// ---- runs

/** The day a run collects up to: today in Lagos unless an earlier day is given; a later one is a 400 naming asOf. */
function asOfDay(ctx: HandlerContext, asOf: string | undefined): string {
  const today = lagosDate(ctx.now);
  if (asOf !== undefined && asOf > today) {
    throw badRequest(`asOf ${asOf} is after today (${today} in Lagos): a run collects only instalments already due`, [
      { field: 'asOf', message: `must be today (${today}) or an earlier day` },
    ]);
  }
  return asOf ?? today;
}

/**
 * Starts a run (or answers a dry run's plan): the run row and its job in the command's
 * transaction, so a run exists only with the job that runs it. Nothing due: no run is started
 * (an empty run would only clutter the portal) and the answer says so.
 */
async function startRun(ctx: HandlerContext, scope: RunScope, input: { asOf?: string | undefined; dryRun: boolean }) {
  const admin = requireAdmin(ctx);
  const asOf = asOfDay(ctx, input.asOf);
  const over = scope.scope === 'BULK' ? ` of the ${plural(scope.settingIds.length, 'setting')} chosen` : ' under active deduction';
  if (input.dryRun) {
    const plan = await planDeductions(ctx.db, { scope, asOf });
    const listed = plan.items.length < plan.instalments ? ` (the first ${plural(plan.items.length, 'is', 'are')} listed)` : '';
    return {
      run: null,
      plan,
      message: `A run now would take ${formatNaira(plan.amountTaken)} of the ${formatNaira(plan.amountDue)} due by ${spellDay(asOf)} on loans${over}: ${plan.willTake.toLocaleString('en-NG')} of ${plural(plan.instalments, 'instalment')}${listed}. Nothing was taken.`,
    };
  }
  const due = await dueInstalmentCount(ctx.db, { scope, asOf });
  if (due.instalments === 0)
    return { run: null, plan: null, message: `No instalment is due by ${spellDay(asOf)} and unpaid on loans${over}: no run was started.` };
  const id = await insertRun(ctx.db, { scope, asOf, createdBy: admin.id, at: ctx.now });
  const job = await enqueueJob(ctx.db, {
    kind: DEDUCTION_JOB_KIND,
    payload: { runId: id },
    dedupeKey: `deductions:run:${id}`,
    createdBy: admin.id,
    subject: `Deduction run #${id}`,
    now: ctx.now,
  });
  await setRunJob(ctx.db, id, job.id);
  ctx.afterCommit(() => ctx.deps.jobs?.nudge());
  const run = await findRun(ctx.db, id);
  return {
    run: run ?? null,
    plan: null,
    message: `Deduction run #${id} started: ${plural(due.instalments, 'instalment')} due by ${spellDay(asOf)} on ${plural(due.loans, 'loan')}${over}. Follow it on the Deduction Management Portal.`,
  };
}

export const runDeductionsHandler = implement(runDeductions, ({ input, ctx }) => startRun(ctx, { scope: 'INIT' }, input));

export const bulkDeductionsHandler = implement(bulkDeductions, async ({ input, ctx }) => {
  const { rows, missing } = await resolveSelection(ctx, listDeductionSettingsHandler, input);
  if (missing.length) {
    throw badRequest(`No deduction setting has the id ${missing.join(', ')}`, [{ field: 'ids', message: `names no deduction setting: ${missing.join(', ')}` }]);
  }
  if (rows.length === 0) throw badRequest('No deduction setting matches the filters', [{ field: 'matching', message: 'matches no deduction setting' }]);
  return startRun(ctx, { scope: 'BULK', settingIds: rows.map((row) => row.id) }, input);
});

export const listDeductionRunsHandler = implementList(listDeductionRuns, ({ input, ctx }) => ({
  query: runQuery(ctx.db, input),
  cursor: { column: 'r.id', key: 'id', direction: 'desc' },
  map: toRunRow,
}));

export const getDeductionRunHandler = implement(getDeductionRun, async ({ input, ctx }) => {
  const run = await findRun(ctx.db, input.id);
  if (!run) throw notFound(`There is no deduction run #${input.id}`);
  return run;
});

export const listDeductionItemsHandler = implementList(
  listDeductionItems,
  ({ input, ctx }) => ({
    query: itemQuery(ctx.db, input.id, input),
    // The order the run reached them in.
    cursor: { column: 'd.id', key: 'id', direction: 'asc' },
    map: toItemRow,
    csv: itemCsv,
  }),
  {
    precondition: async ({ input, ctx }) => {
      if (!(await findRunRecord(ctx.db, input.id))) throw notFound(`There is no deduction run #${input.id}`);
    },
  },
);

// ---- files

export const deductionTemplateHandler = implement(deductionTemplate, async () => {
  const body = new TextEncoder().encode(
    stringify([DEDUCTION_UPLOAD_COLUMNS.map((column) => column.key), DEDUCTION_UPLOAD_COLUMNS.map((column) => column.example)]),
  );
  return { fileName: 'deduction-template.csv', contentType: 'text/csv; charset=utf-8', sizeBytes: body.byteLength, disposition: 'attachment' as const, body };
});

/** Reads and checks a deduction file against the loans it names, as they are now. */
async function checkFile(ctx: HandlerContext, file: Blob) {
  const rows = readDeductionRows(await deductionFileBytes(file));
  const found = await loansForUpload(ctx.db, loanIdsNamed(rows));
  const loans = new Map<number, NamedLoan>(found.map((loan) => [loan.id, { id: loan.id, status: loan.status, outstanding: BigInt(loan.outstanding) }]));
  const { good, problems } = checkDeductionRows(rows, loans);
  const bad = new Set(problems.map((problem) => problem.row)).size;
  return { rows, good, problems, bad };
}

export const validateDeductionUploadHandler = implement(validateDeductionUpload, async ({ input, ctx }) => {
  const { rows, good, problems, bad } = await checkFile(ctx, input.file);
  return {
    saved: false,
    rows: rows.length,
    good: good.length,
    created: 0,
    updated: 0,
    problems,
    message:
      bad === 0
        ? `All ${plural(rows.length, 'row')} are good: save the file to put these loans under deduction.`
        : `${plural(good.length, 'row')} of ${rows.length.toLocaleString('en-NG')} ${good.length === 1 ? 'is' : 'are'} good; ${plural(bad, 'row')} ${bad === 1 ? 'is' : 'are'} bad. Nothing was saved.`,
  };
});

/**
 * Saves a deduction file in the command's transaction: one setting per loan, made or updated —
 * every row, or none when a row is bad, unless skipBadRows says to save the good ones. A refused
 * file is a 400 whose details list every problem (the CLI prints them), as terminal uploads are.
 */
export const saveDeductionUploadHandler = implement(saveDeductionUpload, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const { rows, good, problems, bad } = await checkFile(ctx, input.file);
  if (bad > 0 && (!input.skipBadRows || good.length === 0)) {
    const said = `${plural(bad, 'row')} ${bad === 1 ? 'is' : 'are'} bad`;
    throw new ApiError(
      400,
      `${said}: nothing was saved. Fix ${bad === 1 ? 'it' : 'them'} and upload the file again${good.length > 0 ? ', or save the good rows and skip the bad' : ''}.`,
      { fields: [{ field: 'file', message: `has ${plural(bad, 'row')} that cannot be saved` }], problems },
    );
  }
  const { created, updated } = await upsertSettings(ctx.db, good, { adminId: admin.id, at: ctx.now });
  return {
    saved: true,
    rows: rows.length,
    good: good.length,
    created,
    updated,
    problems,
    message: `${plural(created, 'loan')} put under deduction, ${plural(updated, 'setting')} updated${bad > 0 ? `; ${plural(bad, 'bad row')} skipped` : ''}.`,
  };
});

// ---- reports

/**
 * The instants of the Lagos days from..to, both included: the dates are passed as given (spec
 * §5) — calendar days, not the list ranges' minutes — so `to` runs to the start of the next day.
 */
function reportInstants(range: { from: string; to: string }): { from: Date; until: Date } {
  if (range.to < range.from)
    throw badRequest(`The report's last day, ${range.to}, is before its first, ${range.from}`, [{ field: 'to', message: `must be ${range.from} or later` }]);
  return { from: rangeBoundToDate(range.from, 'start'), until: new Date(rangeBoundToDate(range.to, 'start').getTime() + 86_400_000) };
}

const REPORT_HEADER = ['Date and time (Lagos)', 'Run', 'Loan', 'Merchant', 'Instalment', 'Amount (NGN)', 'Ledger reference'];
const MONEY_CELL = { key: 'amount', label: 'Amount', kind: 'money' } as const;
const TEXT_CELL = { key: 'text', label: 'Text', kind: 'text' } as const;

export const deductionReportHandler = implement(deductionReport, async ({ input, ctx }) => {
  const { from, until } = reportInstants(input);
  const repayments = await runRepayments(ctx.db, from, until);
  const rows = repayments.map((repayment) => [
    lagosDateTime(new Date(repayment.created_at).toISOString()),
    String(repayment.run_id),
    loanReference(repayment.loan_id),
    // Merchants name themselves: a name that starts like a formula is written as text.
    csvCell(TEXT_CELL, repayment.business_name),
    String(repayment.instalment),
    csvCell(MONEY_CELL, repayment.amount),
    repayment.reference,
  ]);
  const body = new TextEncoder().encode(stringify([REPORT_HEADER, ...rows]));
  return {
    fileName: `deductions-${input.from}-to-${input.to}.csv`,
    contentType: 'text/csv; charset=utf-8',
    sizeBytes: body.byteLength,
    disposition: 'attachment' as const,
    body,
  };
});

export const loanDiskReportHandler = implement(loanDiskReport, async ({ input, ctx }) => {
  const { from, until } = reportInstants(input);
  const repayments = await runRepayments(ctx.db, from, until);
  const exporter = ctx.deps.providers.loanBook;
  try {
    const file = await exporter.repaymentImport(
      repayments.map((repayment) => ({
        loanReference: loanReference(repayment.loan_id),
        amountKobo: BigInt(repayment.amount),
        collectedAt: new Date(repayment.created_at),
        collectedBy: repayment.started_by,
        runId: repayment.run_id!,
        instalment: repayment.instalment,
        ledgerReference: repayment.reference,
      })),
      input,
    );
    return { ...file, sizeBytes: file.body.byteLength, disposition: 'attachment' as const };
  } catch (error) {
    if (!(error instanceof LoanBookError)) throw error;
    // The loan book down is not our fault and passes: 503 says try again later; any other failure of theirs is a 502.
    throw new ApiError(
      error.kind === 'unavailable' ? 503 : 502,
      `The ${error.system} export failed: ${error.message}. Nothing was exported; try again later, or download the deduction report as CSV.`,
      { reason: error.kind === 'unavailable' ? 'loan_book_unavailable' : 'loan_book_failed', system: error.system },
      { cause: error },
    );
  }
});

/** Implementations of the deduction commands. */
export const deductionImplementations: readonly Implementation[] = [
  listDeductionSettingsHandler,
  getDeductionSettingHandler,
  updateDeductionSettingHandler,
  deleteDeductionSettingHandler,
  toggleDeductionSettingsHandler,
  runDeductionsHandler,
  bulkDeductionsHandler,
  listDeductionRunsHandler,
  getDeductionRunHandler,
  listDeductionItemsHandler,
  deductionTemplateHandler,
  validateDeductionUploadHandler,
  saveDeductionUploadHandler,
  deductionReportHandler,
  loanDiskReportHandler,
];

/** The jobs of deductions: the run. */
export const deductionJobs: readonly AnyJobDefinition[] = deductionRunJobs;
