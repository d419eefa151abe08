import { bankByCbnCode, bankByNipCode, formatNaira, isValidNuban, NIGERIAN_BANKS, type NigerianBank, parseNairaToKobo } from '@traction/core';
import type { StoredRowProblem } from '../../db/tables/bulk-transfers.tables';
import type { FileRow } from './bulk-file';

/** A row as read and checked; problems empty when every check passed so far. */
export interface CheckedRow {
  rowNumber: number;
  bankInput: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  amountInput: string;
  amount: bigint;
  narration: string;
  reference: string;
  /** Whether the reference is the file's own (else derived from the upload and the row). */
  ownReference: boolean;
  expectedName: string;
  /** Filled by the name enquiry. */
  accountName: string;
  problems: StoredRowProblem[];
}

/** The most one transfer may carry (as `koboField`: ₦10,000,000,000.00). */
const MOST_KOBO = 1_000_000_000_000n;
const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9_-]{5,39}$/;

const bankWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !['plc', 'limited', 'ltd', 'nigeria', 'of', 'the'].includes(word))
    .join('');

const BANKS_BY_WORDS = new Map<string, NigerianBank>();
for (const bank of NIGERIAN_BANKS) {
  for (const name of [bank.name, bank.shortName, `${bank.shortName} bank`]) BANKS_BY_WORDS.set(bankWords(name), bank);
}

/**
 * The bank a cell names: a 3-digit CBN code (a spreadsheet may have turned 058 into 58), a
 * 6-digit NIP institution code, or the bank's name or short name, whatever the case, spacing
 * and "Plc".
 */
export function bankOf(text: string): NigerianBank | undefined {
  const trimmed = text.trim();
  if (/^\d{1,3}$/.test(trimmed)) return bankByCbnCode(trimmed.padStart(3, '0'));
  if (/^\d{6}$/.test(trimmed)) return bankByNipCode(trimmed);
  return BANKS_BY_WORDS.get(bankWords(trimmed));
}

/** The derived reference of a row without its own: unique because the upload id is. */
export const rowReference = (uploadId: bigint, rowNumber: number) => `BULK-${uploadId}-${rowNumber}`;

/**
 * The checks that need nothing but the row: the bank, the account number's NUBAN check digit,
 * the amount, the narration and the reference's form. Every problem of the row is kept, each
 * with its column.
 */
export function checkRow(row: FileRow, uploadId: bigint): CheckedRow {
  const { cells } = row;
  const problems: StoredRowProblem[] = [];
  const bank = bankOf(cells.bank_code);
  if (cells.bank_code === '') problems.push({ field: 'bank_code', message: 'is empty: give the bank’s CBN code (058) or its name' });
  else if (!bank) problems.push({ field: 'bank_code', message: `${cells.bank_code} is not a bank transfers can reach (see the bank list)` });

  // A spreadsheet that read the number as a number dropped its leading zeros.
  const accountNumber = /^\d{1,9}$/.test(cells.account_number) ? cells.account_number.padStart(10, '0') : cells.account_number.replace(/\s/g, '');
  if (accountNumber === '') problems.push({ field: 'account_number', message: 'is empty' });
  else if (!/^\d{10}$/.test(accountNumber)) problems.push({ field: 'account_number', message: `${cells.account_number} is not a 10-digit account number` });
  else if (bank && !isValidNuban(bank.cbnCode, accountNumber)) {
    const read = accountNumber === cells.account_number ? '' : ` (read as ${accountNumber}: the spreadsheet had dropped its leading zeros)`;
    problems.push({ field: 'account_number', message: `${cells.account_number} is not a valid ${bank.name} account number: its check digit is wrong${read}` });
  }

  let amount = 0n;
  try {
    amount = parseNairaToKobo(cells.amount);
    if (amount <= 0n) problems.push({ field: 'amount', message: `${cells.amount} must be more than zero` });
    else if (amount > MOST_KOBO) problems.push({ field: 'amount', message: `${cells.amount} is more than one transfer may carry (${formatNaira(MOST_KOBO)})` });
  } catch {
    problems.push({
      field: 'amount',
      message: cells.amount === '' ? 'is empty' : `${cells.amount} is not an amount in Naira with at most 2 decimals (1,500.00)`,
    });
  }
  if (amount < 0n) amount = 0n;

  const narration = cells.narration.replace(/\s+/g, ' ');
  if (narration.length < 3) problems.push({ field: 'narration', message: 'must say what the transfer is for (at least 3 characters)' });
  else if (narration.length > 100)
    problems.push({ field: 'narration', message: `is ${narration.length} characters; a transfer's narration takes at most 100` });

  const ownReference = cells.reference !== '';
  if (ownReference && !REFERENCE.test(cells.reference)) {
    problems.push({ field: 'reference', message: `${cells.reference} must be 6 to 40 letters, digits, - or _ (or empty: one is made)` });
  }
  return {
    rowNumber: row.rowNumber,
    bankInput: cells.bank_code,
    bankCode: bank?.cbnCode ?? '',
    bankName: bank?.name ?? '',
    accountNumber,
    amountInput: cells.amount,
    amount: problems.some((problem) => problem.field === 'amount') ? 0n : amount,
    narration: narration.slice(0, 200),
    reference: ownReference ? cells.reference.slice(0, 60) : rowReference(uploadId, row.rowNumber),
    ownReference,
    expectedName: cells.account_name.slice(0, 200),
    accountName: '',
    problems,
  };
}

/**
 * Duplicates within the file: a row repeating an earlier row's account, amount and reference
 * (or both without one), or an earlier row's own reference. The earlier row stands; the later
 * is the bad one, naming it.
 */
export function markDuplicates(rows: readonly CheckedRow[]): void {
  const byPayment = new Map<string, number>();
  const byReference = new Map<string, number>();
  for (const row of rows) {
    if (row.bankCode && row.accountNumber && row.amount > 0n) {
      const key = `${row.bankCode}|${row.accountNumber}|${row.amount}|${row.ownReference ? row.reference.toLowerCase() : ''}`;
      const earlier = byPayment.get(key);
      if (earlier !== undefined) {
        row.problems.push({
          field: 'row',
          message: `repeats row ${earlier}: the same account, amount and reference${row.ownReference ? '' : ' (none)'}; remove one, or give each its own reference`,
        });
        continue;
      }
      byPayment.set(key, row.rowNumber);
    }
    if (row.ownReference) {
      const key = row.reference.toLowerCase();
      const earlier = byReference.get(key);
      if (earlier !== undefined)
        row.problems.push({ field: 'reference', message: `${row.reference} is also row ${earlier}'s reference: each transfer needs its own` });
      else byReference.set(key, row.rowNumber);
    }
  }
}
