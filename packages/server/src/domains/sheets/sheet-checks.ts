import { SHEET_COLUMNS, SHEET_KEY_COLUMNS, type SheetCellRule, type SheetProblem, type SheetSource } from '@traction/core';
import type { SheetRow } from '../../handling/spreadsheet';

/** A row that passed its checks: its cells as kept (normalised), its key, and what it names. */
export interface GoodSheetRow {
  rowNumber: number;
  key: string;
  tid: string;
  serialNo: string;
  merchantName: string;
  /** The Merchant ID cell as a number; null when empty. */
  merchantId: number | null;
  cells: Record<string, string>;
}

/** What the system knows of the terminals and merchants a file names. */
export interface KnownRecords {
  terminalsByTid: ReadonlyMap<string, KnownTerminal>;
  terminalsBySerial: ReadonlyMap<string, KnownTerminal>;
  businesses: ReadonlyMap<number, { id: number; name: string }>;
}

export interface KnownTerminal {
  id: number;
  tid: string;
  serialNo: string;
  businessId: number | null;
  businessName: string | null;
}

/** A good row with its links and flag, ready to keep. */
export interface LinkedSheetRow extends GoodSheetRow {
  terminalId: number | null;
  businessId: number | null;
  flag: string | null;
}

const TID = /^[A-Z0-9]{8}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_CELL = 500;
/** Spreadsheets count days from 30 December 1899; a date cell read raw is that count. */
const SHEET_EPOCH_MS = Date.UTC(1899, 11, 30);

function realDay(text: string): string | null {
  const match = DAY.exec(text);
  if (match) {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
  }
  // A date cell of a workbook arrives as its day count (1 Jan 2000 is 36526).
  if (/^\d{5}$/.test(text)) {
    const serial = Number(text);
    if (serial >= 36_526 && serial <= 73_050) return new Date(SHEET_EPOCH_MS + serial * 86_400_000).toISOString().slice(0, 10);
  }
  return null;
}

/** The cell as kept, or the reason it cannot be. */
function checkCell(rule: SheetCellRule, text: string): { value: string } | { problem: string } {
  if (text.length > MAX_CELL) return { problem: `must be at most ${MAX_CELL} characters` };
  switch (rule) {
    case 'tid': {
      const tid = text.toUpperCase();
      return TID.test(tid) ? { value: tid } : { problem: 'must be 8 digits or capital letters' };
    }
    case 'integer':
      return /^\d{1,9}$/.test(text) && Number(text) > 0 ? { value: String(Number(text)) } : { problem: 'must be a whole number' };
    case 'latitude':
    case 'longitude': {
      const limit = rule === 'latitude' ? 90 : 180;
      const number = Number(text);
      return /^-?\d{1,3}(\.\d+)?$/.test(text) && Math.abs(number) <= limit
        ? { value: text }
        : { problem: `must be decimal degrees between -${limit} and ${limit}` };
    }
    case 'yes-no': {
      const word = text.toUpperCase();
      if (word === 'Y' || word === 'YES') return { value: 'Y' };
      if (word === 'N' || word === 'NO') return { value: 'N' };
      return { problem: 'must be Y or N' };
    }
    case 'date': {
      const day = realDay(text);
      return day ? { value: day } : { problem: 'must be a date, YYYY-MM-DD' };
    }
    default:
      return { value: text };
  }
}

/**
 * Checks every row of a sheet against its source's columns: required cells present, each cell
 * what its column holds, and each key once in the file. Every problem of every row is answered.
 */
export function checkSheetRows(source: SheetSource, rows: readonly SheetRow<string>[]): { good: GoodSheetRow[]; problems: SheetProblem[] } {
  const columns = SHEET_COLUMNS[source];
  const keyColumns = SHEET_KEY_COLUMNS[source];
  const good: GoodSheetRow[] = [];
  const problems: SheetProblem[] = [];
  const firstRowOfKey = new Map<string, number>();
  for (const row of rows) {
    const cells: Record<string, string> = {};
    const found: SheetProblem[] = [];
    for (const column of columns) {
      const text = row.cells[column.key] ?? '';
      if (text === '') {
        if (column.required) found.push({ row: row.rowNumber, field: column.key, value: '', message: 'is empty' });
        cells[column.key] = '';
        continue;
      }
      const checked = checkCell(column.rule, text);
      if ('problem' in checked) found.push({ row: row.rowNumber, field: column.key, value: text, message: checked.problem });
      else cells[column.key] = checked.value;
    }
    if (found.length === 0) {
      const key = keyColumns.map((column) => cells[column]).join(' / ');
      const first = firstRowOfKey.get(key);
      if (first !== undefined) {
        found.push({ row: row.rowNumber, field: 'tid', value: key, message: `appears again in the file (first at row ${first})` });
      } else {
        firstRowOfKey.set(key, row.rowNumber);
        good.push({
          rowNumber: row.rowNumber,
          key,
          tid: cells.tid ?? '',
          serialNo: (cells.serial_no ?? '').toUpperCase(),
          merchantName: cells.merchant_name ?? '',
          merchantId: cells.merchant_id ? Number(cells.merchant_id) : null,
          cells,
        });
      }
    }
    problems.push(...found);
  }
  return { good, problems };
}

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Links each row to the terminal it names (by TID, else by serial number) and the merchant (by
 * Merchant ID, else the terminal's), and flags where it contradicts the system: a terminal
 * mapped to another merchant (or to none), a Merchant ID the system does not have, a serial
 * number the system gives another TID.
 */
export function linkSheetRows(rows: readonly GoodSheetRow[], known: KnownRecords): LinkedSheetRow[] {
  return rows.map((row) => {
    const flags: string[] = [];
    const byTid = known.terminalsByTid.get(row.tid);
    const bySerial = row.serialNo ? known.terminalsBySerial.get(row.serialNo) : undefined;
    const terminal = byTid ?? bySerial;
    if (byTid && row.serialNo && byTid.serialNo !== row.serialNo) {
      flags.push(`TID ${row.tid} is serial ${byTid.serialNo} in the system, not ${row.serialNo}`);
    } else if (!byTid && bySerial) {
      flags.push(`serial ${row.serialNo} has TID ${bySerial.tid} in the system, not ${row.tid}`);
    }
    let business: { id: number; name: string } | null = null;
    if (row.merchantId !== null) {
      business = known.businesses.get(row.merchantId) ?? null;
      if (!business) flags.push(`merchant #${row.merchantId} is not in the system`);
    }
    const named = row.merchantId !== null ? `#${row.merchantId}${row.merchantName ? ` ${row.merchantName}` : ''}` : row.merchantName;
    if (terminal && named) {
      const contradicts =
        row.merchantId !== null
          ? terminal.businessId !== row.merchantId
          : terminal.businessId === null || !sameName(terminal.businessName ?? '', row.merchantName);
      if (contradicts) {
        flags.push(
          terminal.businessId === null
            ? `terminal ${terminal.tid} is at no merchant in the system, not ${named}`
            : `terminal ${terminal.tid} is at merchant #${terminal.businessId} ${terminal.businessName ?? ''} in the system, not ${named}`.replace('  ', ' '),
        );
      }
    }
    const businessId = business?.id ?? terminal?.businessId ?? null;
    return { ...row, terminalId: terminal?.id ?? null, businessId, flag: flags.length > 0 ? flags.join('; ') : null };
  });
}
