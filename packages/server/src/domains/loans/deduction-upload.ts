import {
  ApiError,
  badRequest,
  COLLECTING_LOAN_STATUSES,
  DEDUCTION_SETTING_STATUSES,
  DEDUCTION_UPLOAD_COLUMNS,
  type DeductionSettingStatus,
  type DeductionUploadColumn,
  formatByteSize,
  formatNaira,
  LOAN_STATUS_WORDS,
  type LoanStatus,
  loanReference,
  MAX_DEDUCTION_UPLOAD_ROWS,
  parseNairaToKobo,
} from '@traction/core';
import { readSpreadsheet, type SheetRow } from '../../handling/spreadsheet';
import { loanIdOf } from './deductions.repository';

/**
 * Deduction files (docs/decisions.md "Loans and deductions"): read with the shared spreadsheet
 * reader as every upload is, then every row checked against the loans it names before anything
 * is saved.
 */

/** The largest deduction file taken: 20,000 rows of four short columns fit many times over. */
export const MAX_DEDUCTION_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Header names people give the columns, besides the template's own. */
const HEADER_ALIASES: Readonly<Record<DeductionUploadColumn, readonly string[]>> = {
  loan: ['loan reference', 'reference', 'loan ref', 'loan id', 'loan number', 'loan no', 'loan_ref'],
  cap_per_run: ['cap', 'cap per run', 'max per run', 'maximum per run', 'cap (naira)', 'cap_naira'],
  allow_partial: ['partial', 'allow partial', 'partial allowed', 'take part'],
  status: ['deduction status', 'state', 'deduction'],
};

/** The file's bytes, refused when empty or larger than the limit. */
export async function deductionFileBytes(file: Blob): Promise<Uint8Array> {
  if (file.size > MAX_DEDUCTION_UPLOAD_BYTES) {
    throw new ApiError(413, `The file is ${formatByteSize(file.size)}; the limit is ${formatByteSize(MAX_DEDUCTION_UPLOAD_BYTES)}`, {
      fields: [{ field: 'file', message: `must be at most ${formatByteSize(MAX_DEDUCTION_UPLOAD_BYTES)}` }],
    });
  }
  if (file.size === 0) throw badRequest('The file is empty', [{ field: 'file', message: 'is empty' }]);
  return new Uint8Array(await file.arrayBuffer());
}

/** The file's rows: CSV, XLSX or XLS, the columns matched by name. */
export function readDeductionRows(bytes: Uint8Array): SheetRow<DeductionUploadColumn>[] {
  return readSpreadsheet(bytes, {
    columns: DEDUCTION_UPLOAD_COLUMNS,
    aliases: HEADER_ALIASES,
    rowsAre: 'loans',
    maxRows: MAX_DEDUCTION_UPLOAD_ROWS,
    xls: true,
  }).rows;
}

/** The loans a file names, as found, and what they still owe. */
export interface NamedLoan {
  id: number;
  status: LoanStatus;
  /** Kobo still owed. */
  outstanding: bigint;
}

/** A good row: the setting it makes or updates. */
export interface SettingRow {
  rowNumber: number;
  loanId: number;
  status: DeductionSettingStatus;
  capPerRun: bigint | null;
  allowPartial: boolean;
}

export interface UploadProblem {
  row: number;
  field: string;
  value: string;
  message: string;
}

/** The loan ids a file names (rows that name none are problems of their own). */
export const loanIdsNamed = (rows: readonly SheetRow<DeductionUploadColumn>[]): number[] => [
  ...new Set(rows.flatMap((row) => (loanIdOf(row.cells.loan) === null ? [] : [loanIdOf(row.cells.loan)!]))),
];

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/**
 * Every problem of every row, and the good rows: a loan that is not one of ours or not being
 * collected (its status said), named twice (naming the first row), a cap that is no amount or is
 * above what the loan still owes, a yes/no or a status that is neither. Empty optional cells take
 * the template's defaults: no cap, partial takes allowed, active.
 */
export function checkDeductionRows(rows: readonly SheetRow<DeductionUploadColumn>[], loans: ReadonlyMap<number, NamedLoan>) {
  const problems: UploadProblem[] = [];
  const good: SettingRow[] = [];
  const firstRow = new Map<number, number>();
  for (const { rowNumber, cells } of rows) {
    const before = problems.length;
    const add = (field: DeductionUploadColumn, message: string) => problems.push({ row: rowNumber, field, value: cells[field], message });

    const loanId = loanIdOf(cells.loan);
    const loan = loanId === null ? undefined : loans.get(loanId);
    if (cells.loan === '') add('loan', 'is empty');
    else if (loanId === null) add('loan', "is not a loan reference (LN-000042) or a loan's number");
    else if (firstRow.has(loanId)) add('loan', `names ${loanReference(loanId)} again (first at row ${firstRow.get(loanId)})`);
    else if (!loan) add('loan', `names no loan: there is no ${loanReference(loanId)}`);
    else if (!COLLECTING_LOAN_STATUSES.includes(loan.status))
      add('loan', `is ${LOAN_STATUS_WORDS[loan.status].toLowerCase()}: only disbursed, repaying or defaulted loans are collected`);
    if (loanId !== null && !firstRow.has(loanId)) firstRow.set(loanId, rowNumber);

    let capPerRun: bigint | null = null;
    if (cells.cap_per_run !== '') {
      try {
        capPerRun = parseNairaToKobo(cells.cap_per_run);
      } catch {
        add('cap_per_run', 'is not an amount in Naira (such as 5000.00)');
      }
      if (capPerRun !== null && capPerRun <= 0n) {
        add('cap_per_run', 'must be more than zero (leave it empty to take every instalment due)');
        capPerRun = null;
      } else if (capPerRun !== null && loan && COLLECTING_LOAN_STATUSES.includes(loan.status) && capPerRun > loan.outstanding) {
        add('cap_per_run', `is more than the ${formatNaira(loan.outstanding)} ${loanReference(loan.id)} still owes`);
      }
    }

    const partial = cells.allow_partial.toLowerCase();
    if (partial !== '' && !YES.has(partial) && !NO.has(partial)) add('allow_partial', 'must be yes or no');

    const status = cells.status.toUpperCase();
    if (status !== '' && !(DEDUCTION_SETTING_STATUSES as readonly string[]).includes(status))
      add('status', `must be ${DEDUCTION_SETTING_STATUSES.join(' or ')}`);

    if (problems.length === before && loan) {
      good.push({
        rowNumber,
        loanId: loan.id,
        status: status === '' ? 'ACTIVE' : (status as DeductionSettingStatus),
        capPerRun,
        allowPartial: partial === '' || YES.has(partial),
      });
    }
  }
  return { good, problems };
}
