import { z } from 'zod';
import { defineCommand } from '../../command';
import { fileAnswer } from '../../file-answer';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, searchField } from '../../schemas/common';
import { dayField, fileField, koboField } from '../../schemas/fields';
import { bulkOutput, checkSelection, selectionFields } from '../../selection';
import { said } from '../audit/audit-description';
import {
  DEDUCTION_UPLOAD_COLUMNS,
  deductionItemColumns,
  deductionItemRow,
  deductionItemStateField,
  deductionRunAnswer,
  deductionRunColumns,
  deductionRunRow,
  deductionRunStatusField,
  deductionSettingColumns,
  deductionSettingRow,
  deductionSettingStatusField,
  deductionUploadAnswer,
  MAX_DEDUCTION_UPLOAD_ROWS,
} from './deduction-schemas';

/**
 * Automatic deductions (spec §7 "Deductions", under /v1/payments/admin/autodeduction): loans put
 * under deduction by file or on disbursement, settings switched on and off singly or in a batch,
 * runs that take each due instalment from the merchant's wallet through the ledger exactly once,
 * and the reports of what was taken (CSV, and the loan-management system's import format).
 */
const BASE = '/v1/payments/admin/autodeduction';

export const deductionTemplate = defineCommand({
  id: 'deductions.template',
  group: 'deductions',
  action: 'template',
  title: 'Download the deduction template',
  description: `A CSV with the columns a deduction file takes (${DEDUCTION_UPLOAD_COLUMNS.map((c) => c.key).join(', ')}) and an example row.`,
  keywords: ['deduction template', 'auto deduction template'],
  method: 'GET',
  path: `${BASE}/upload/template`,
  permission: 'deductions.view',
  answers: 'file',
  input: z.object({}),
  output: fileAnswer,
  example: 'traction deductions template --out deductions.csv',
});

const uploadFile = fileField.describe('a CSV, XLSX or XLS file: loan, cap_per_run, allow_partial, status');

export const validateDeductionUpload = defineCommand({
  id: 'deductions.validate',
  group: 'deductions',
  action: 'validate',
  title: 'Check a deduction file',
  description: `Checks every row of a deduction file against the loans it names (at most ${MAX_DEDUCTION_UPLOAD_ROWS.toLocaleString('en-NG')} rows): unknown loans, loans not being repaid, a cap above what is owed, a loan named twice. Saves nothing.`,
  keywords: ['upload/validate', 'check deduction file'],
  method: 'POST',
  path: `${BASE}/upload/validate`,
  permission: 'deductions.manage',
  mutates: false,
  input: z.object({ file: uploadFile }),
  output: deductionUploadAnswer,
  example: 'traction deductions validate --input-file deductions.xlsx',
});

export const saveDeductionUpload = defineCommand({
  id: 'deductions.save',
  group: 'deductions',
  action: 'save',
  title: 'Save a deduction file',
  description:
    'Puts the loans of a deduction file under automatic deduction, or changes how they are collected: one setting per loan, made or updated. Every row is checked first; a file with a bad row saves nothing unless skipBadRows is set.',
  keywords: ['upload/save', 'upload deductions', 'bulk deductions'],
  method: 'POST',
  path: `${BASE}/upload/save`,
  permission: 'deductions.manage',
  idempotency: 'required',
  audit: { action: 'save a deduction file' },
  input: z.object({
    skipBadRows: z.boolean().default(false).meta({ label: 'Save the good rows, skip the bad' }),
    file: uploadFile,
  }),
  output: deductionUploadAnswer,
  example: 'traction deductions save --input-file deductions.xlsx',
});

export const listDeductionSettings = defineCommand({
  id: 'deductions.settings',
  group: 'deductions',
  action: 'settings',
  title: 'List deduction settings',
  description:
    'Loans under automatic deduction: whether each is active, its cap per run, whether part of an instalment may be taken, what its loan still owes and its arrears.',
  keywords: ['deduction settings', 'auto deduction', 'settings'],
  method: 'GET',
  path: `${BASE}/settings`,
  permission: 'deductions.view',
  input: z.object({
    ...listPaging,
    search: searchField.optional().describe("the loan's reference or the merchant's name"),
    status: deductionSettingStatusField.optional(),
    loanId: idField.optional().meta({ label: 'Loan' }),
    businessId: idField.optional().meta({ label: 'Merchant ID' }),
    inArrears: z.boolean().optional().meta({ label: 'In arrears' }),
  }),
  output: listOutput(deductionSettingRow),
  list: {
    route: '/auto-deduction-settings',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    detailRoute: '/auto-deduction-settings/{id}',
    rowName: 'loanReference',
    csv: true,
    columns: deductionSettingColumns,
    bulkCommands: ['deductions.toggle', 'deductions.bulk'],
  },
  example: 'traction deductions settings --status ACTIVE --in-arrears',
});

const settingSelection = selectionFields(listDeductionSettings);
/** The settings a batch command acts on: ids, or every setting the settings list shows for filters (less `except`). */
const selectedSettings = {
  ids: settingSelection.ids.describe('the settings, by id'),
  matching: settingSelection.matching.describe('or every setting the settings list shows for these filters'),
  except: settingSelection.except,
};

export const toggleDeductionSettings = defineCommand({
  id: 'deductions.toggle',
  group: 'deductions',
  action: 'toggle',
  title: 'Switch deductions on or off',
  description:
    'Sets deduction settings to the intended status (ACTIVE or PAUSED), one or a batch (ids, or every setting matching the filters). Those already there are counted as skipped.',
  keywords: ['settings/toggle', 'pause deductions', 'resume deductions', 'activate'],
  method: 'POST',
  path: `${BASE}/settings/toggle/{status}`,
  permission: 'deductions.manage',
  idempotency: 'required',
  audit: {
    action: (input) => `${said(input.status) === 'PAUSED' ? 'pause' : 'activate'} deductions of {subject}`,
    subject: { kind: 'deduction-setting', from: 'selection' },
  },
  input: z
    .object({
      status: deductionSettingStatusField,
      ...selectedSettings,
    })
    .superRefine(checkSelection),
  output: bulkOutput.extend({ message: z.string() }),
  example: 'traction deductions toggle --status PAUSED --ids 3,4,5',
});

export const getDeductionSetting = defineCommand({
  id: 'deductions.setting',
  group: 'deductions',
  action: 'setting',
  title: 'Show a deduction setting',
  description: 'One loan’s deduction setting.',
  method: 'GET',
  path: `${BASE}/settings/{id}`,
  permission: 'deductions.view',
  input: z.object({ id: idField.meta({ label: 'Setting' }) }),
  output: deductionSettingRow,
  example: 'traction deductions setting --id 3',
});

export const updateDeductionSetting = defineCommand({
  id: 'deductions.update-setting',
  group: 'deductions',
  action: 'update-setting',
  title: 'Change a deduction setting',
  description:
    'Its status, its cap per run (never above what the loan still owes; clearCap takes every instalment due again) or whether part of an instalment may be taken. What is left out stays as it was.',
  keywords: ['settings/{id}', 'deduction cap', 'partial deductions'],
  method: 'PATCH',
  path: `${BASE}/settings/{id}`,
  permission: 'deductions.manage',
  audit: { action: 'change the deduction setting of {subject}', subject: { kind: 'deduction-setting', from: 'id' } },
  input: z.object({
    id: idField.meta({ label: 'Setting' }),
    status: deductionSettingStatusField.optional(),
    capPerRun: koboField.optional().meta({ format: 'kobo', label: 'Cap per run' }),
    clearCap: z.boolean().optional().meta({ label: 'No cap' }),
    allowPartial: z.boolean().optional().meta({ label: 'Take part of an instalment' }),
  }),
  output: deductionSettingRow,
  example: 'traction deductions update-setting --id 3 --cap-per-run 500000 --allow-partial',
});

export const deleteDeductionSetting = defineCommand({
  id: 'deductions.delete-setting',
  group: 'deductions',
  action: 'delete-setting',
  title: 'Remove a deduction setting',
  description: 'Takes a loan out of automatic deduction: no run collects it again until a deduction file puts it back. What runs took stays recorded.',
  keywords: ['delete deduction setting', 'stop deductions'],
  method: 'DELETE',
  path: `${BASE}/settings/{id}`,
  permission: 'deductions.manage',
  danger: 'confirm',
  audit: { action: 'remove the deduction setting of {subject}', subject: { kind: 'deduction-setting', from: 'id' } },
  input: z.object({ id: idField.meta({ label: 'Setting' }) }),
  output: z.object({ ok: z.literal(true), message: z.string() }),
  example: 'traction deductions delete-setting --id 3',
});

const runFields = {
  asOf: dayField.optional().meta({ label: 'Due by', description: 'collect instalments due by this day (YYYY-MM-DD, Lagos); today by default, never later' }),
  dryRun: z.boolean().default(false).meta({ label: 'Dry run', description: 'show every instalment it would take and the total; take nothing' }),
};

export const runDeductions = defineCommand({
  id: 'deductions.run',
  group: 'deductions',
  action: 'run',
  title: 'Run deductions',
  description:
    "Starts a deduction run over every active setting: each instalment due and unpaid is taken from its merchant's wallet through the ledger, exactly once however often runs are repeated or overlap, in part when the wallet holds less and the setting allows it; what cannot be taken is recorded with why. Runs on the server as a job with progress. dryRun shows every instalment it would take and the total, and takes nothing.",
  keywords: ['init', 'run deductions', 'collect repayments', 'auto deduction'],
  method: 'POST',
  path: `${BASE}/init`,
  permission: 'deductions.run',
  danger: 'confirm',
  idempotency: 'required',
  audit: { action: (input) => (input.dryRun === true ? 'preview a deduction run' : 'start a deduction run') },
  input: z.object(runFields),
  output: deductionRunAnswer,
  example: 'traction deductions run --dry-run',
});

export const bulkDeductions = defineCommand({
  id: 'deductions.bulk',
  group: 'deductions',
  action: 'bulk',
  title: 'Run deductions for chosen settings',
  description: 'A deduction run over the settings chosen (ids, or every setting matching the filters), active or paused; otherwise as deductions run.',
  keywords: ['bulk deductions', 'deduct now', 'collect'],
  method: 'POST',
  path: `${BASE}/bulk`,
  permission: 'deductions.run',
  danger: 'confirm',
  idempotency: 'required',
  audit: {
    action: (input) => (input.dryRun === true ? 'preview deductions of {subject}' : 'run deductions of {subject}'),
    subject: { kind: 'deduction-setting', from: 'selection' },
  },
  input: z
    .object({
      ...selectedSettings,
      ...runFields,
    })
    .superRefine(checkSelection),
  output: deductionRunAnswer,
  example: 'traction deductions bulk --ids 3,4 --dry-run',
});

export const listDeductionRuns = defineCommand({
  id: 'deductions.runs',
  group: 'deductions',
  action: 'runs',
  title: 'List deduction runs',
  description: 'Deduction runs, newest first: what each collected, how many instalments it could not take and what was short.',
  keywords: ['deduction runs', 'deduction management portal', 'auto-deduction'],
  method: 'GET',
  path: `${BASE}/runs`,
  permission: 'deductions.view',
  input: z.object({ ...listPaging, status: deductionRunStatusField.optional() }),
  output: listOutput(deductionRunRow),
  list: {
    route: '/auto-deduction',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    detailRoute: '/auto-deduction/{id}',
    rowName: 'id',
    csv: true,
    columns: deductionRunColumns,
  },
  example: 'traction deductions runs',
});

export const getDeductionRun = defineCommand({
  id: 'deductions.get-run',
  group: 'deductions',
  action: 'get-run',
  title: 'Show a deduction run',
  description: 'One run with its totals and the progress of its job.',
  method: 'GET',
  path: `${BASE}/runs/{id}`,
  permission: 'deductions.view',
  input: z.object({ id: idField.meta({ label: 'Run' }) }),
  output: deductionRunRow,
  example: 'traction deductions get-run --id 7',
});

export const listDeductionItems = defineCommand({
  id: 'deductions.items',
  group: 'deductions',
  action: 'items',
  title: 'List what a run took',
  description: 'Each instalment a run reached: what was due, what it took, and why not all.',
  keywords: ['deduction failures', 'not taken', 'deduction items'],
  method: 'GET',
  path: `${BASE}/runs/{id}/items`,
  permission: 'deductions.view',
  input: z.object({ ...listPaging, id: idField.meta({ label: 'Run' }), state: deductionItemStateField.optional(), search: searchField.optional() }),
  output: listOutput(deductionItemRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    detailRoute: '/loans/{loanId}',
    rowName: 'loanReference',
    csv: true,
    columns: deductionItemColumns,
  },
  example: 'traction deductions items --id 7 --state NOT_TAKEN',
});

/** Report dates are passed as given (spec §5): calendar days, Lagos, both ends included. */
const reportRange = {
  from: dayField.meta({ label: 'From', description: 'the first day (YYYY-MM-DD, Lagos), as given' }),
  to: dayField.meta({ label: 'To', description: 'the last day, included' }),
};

export const deductionReport = defineCommand({
  id: 'deductions.report',
  group: 'deductions',
  action: 'report',
  title: 'Download the deduction report',
  description: 'Every deduction taken on the days given (as given, both included), as CSV: when, run, loan, merchant, instalment, amount and ledger reference.',
  keywords: ['report csv', 'deduction report'],
  method: 'GET',
  path: `${BASE}/report/csv`,
  permission: 'deductions.view',
  answers: 'file',
  input: z.object(reportRange),
  output: fileAnswer,
  example: 'traction deductions report --from 2026-11-01 --to 2026-11-30 --out deductions.csv',
});

export const loanDiskReport = defineCommand({
  id: 'deductions.loan-disk',
  group: 'deductions',
  action: 'loan-disk',
  title: 'Download the deductions for the loan system',
  description: "The same deductions in the loan-management system's repayment import format (loan-disk), made by its export provider.",
  keywords: ['loan-disk', 'loandisk', 'repayment import'],
  method: 'GET',
  path: `${BASE}/report/loan-disk`,
  permission: 'deductions.view',
  answers: 'file',
  input: z.object(reportRange),
  output: fileAnswer,
  example: 'traction deductions loan-disk --from 2026-11-01 --to 2026-11-30 --out loandisk.csv',
});
