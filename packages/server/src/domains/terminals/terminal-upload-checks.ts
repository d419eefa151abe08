import {
  bankByCbnCode,
  DEFAULT_UPLOAD_PROVIDER,
  providerByName,
  serialNumberField,
  TERMINAL_PROVIDERS,
  type TerminalStockColumn,
  type TerminalTidColumn,
  type TerminalUploadProblem,
  tidField,
} from '@traction/core';
import type { z } from 'zod';
import type { SheetRow } from '../../handling/spreadsheet';

/** A stock row ready to insert. */
export interface StockRow {
  rowNumber: number;
  serialNo: string;
  terminalId: string;
  provider: string;
  model: string;
  bankCode: string;
}

/** A terminal ID row ready to apply: the stored terminal and its new ID. */
export interface TidRow {
  rowNumber: number;
  id: number;
  serialNo: string;
  from: string;
  terminalId: string;
}

/** What is stored already, for the checks: terminals by serial number and by terminal ID. */
export interface StoredTerminals {
  bySerial: ReadonlyMap<string, { id: number; terminalId: string; state: string }>;
  byTid: ReadonlyMap<string, { id: number; serialNo: string }>;
}

interface Problems {
  list: TerminalUploadProblem[];
  add(row: number, field: string, value: string, message: string): void;
}

function problems(): Problems {
  const list: TerminalUploadProblem[] = [];
  return { list, add: (row, field, value, message) => list.push({ row, field, value, message }) };
}

/** The field's parsed value, or its first message given to `problems`. */
function parsed<T>(schema: z.ZodType<T>, text: string, row: number, field: string, out: Problems): T | undefined {
  if (text === '') {
    out.add(row, field, text, 'is empty');
    return undefined;
  }
  const result = schema.safeParse(text);
  if (result.success) return result.data;
  out.add(row, field, text, result.error.issues[0]?.message ?? 'is not valid');
  return undefined;
}

/** Each value's first row; a later row with it is a problem naming that row. */
function firstRows() {
  const seen = new Map<string, number>();
  return (value: string, row: number, field: string, out: Problems): boolean => {
    const first = seen.get(value);
    if (first !== undefined) {
      out.add(row, field, value, `appears again in the file (first at row ${first})`);
      return false;
    }
    seen.set(value, row);
    return true;
  };
}

/** A spreadsheet drops a bank code's leading zero (058 → 58): put it back. */
const bankCodeOf = (text: string) => (/^\d{1,2}$/.test(text) ? text.padStart(3, '0') : text);

/** Every problem of every new-stock row; the good rows only when there are none in them. */
export function checkStockRows(rows: readonly SheetRow<TerminalStockColumn>[], stored: StoredTerminals) {
  const out = problems();
  const serialOnce = firstRows();
  const tidOnce = firstRows();
  const good: StockRow[] = [];
  for (const { rowNumber, cells } of rows) {
    const before = out.list.length;
    const serialNo = parsed(serialNumberField, cells.serial_no, rowNumber, 'serial_no', out);
    if (serialNo !== undefined && serialOnce(serialNo, rowNumber, 'serial_no', out) && stored.bySerial.has(serialNo))
      out.add(rowNumber, 'serial_no', cells.serial_no, `is already terminal #${stored.bySerial.get(serialNo)?.id}'s serial number`);
    const terminalId = parsed(tidField, cells.terminal_id, rowNumber, 'terminal_id', out);
    if (terminalId !== undefined && tidOnce(terminalId, rowNumber, 'terminal_id', out) && stored.byTid.has(terminalId))
      out.add(rowNumber, 'terminal_id', cells.terminal_id, `is already the terminal ID of ${stored.byTid.get(terminalId)?.serialNo}`);
    const provider = providerByName(cells.provider || DEFAULT_UPLOAD_PROVIDER);
    if (!provider) out.add(rowNumber, 'provider', cells.provider, `is not a provider we stock (${TERMINAL_PROVIDERS.map((known) => known.name).join(', ')})`);
    const model = provider?.models.find((known) => known.toLowerCase() === cells.model.trim().toLowerCase());
    if (provider && !model)
      out.add(rowNumber, 'model', cells.model, cells.model === '' ? 'is empty' : `is not a model ${provider.name} makes (${provider.models.join(', ')})`);
    const bankCode = bankCodeOf(cells.bank_code);
    if (!bankByCbnCode(bankCode)) out.add(rowNumber, 'bank_code', cells.bank_code, cells.bank_code === '' ? 'is empty' : 'is not a CBN bank code we know');
    if (out.list.length === before && serialNo && terminalId && provider && model)
      good.push({ rowNumber, serialNo, terminalId, provider: provider.name, model, bankCode });
  }
  return { good, problems: out.list };
}

/** Every problem of every terminal ID row; the good rows only when there are none in them. */
export function checkTidRows(rows: readonly SheetRow<TerminalTidColumn>[], stored: StoredTerminals) {
  const out = problems();
  const serialOnce = firstRows();
  const tidOnce = firstRows();
  const good: TidRow[] = [];
  for (const { rowNumber, cells } of rows) {
    const before = out.list.length;
    const serialNo = parsed(serialNumberField, cells.serial_no, rowNumber, 'serial_no', out);
    const terminal = serialNo === undefined ? undefined : stored.bySerial.get(serialNo);
    if (serialNo !== undefined && serialOnce(serialNo, rowNumber, 'serial_no', out)) {
      if (!terminal) out.add(rowNumber, 'serial_no', cells.serial_no, 'is not the serial number of any terminal: add it as stock first');
      else if (terminal.state === 'DECOMMISSIONED') out.add(rowNumber, 'serial_no', cells.serial_no, 'is a decommissioned terminal: it keeps its terminal ID');
    }
    const terminalId = parsed(tidField, cells.terminal_id, rowNumber, 'terminal_id', out);
    if (terminalId !== undefined && tidOnce(terminalId, rowNumber, 'terminal_id', out)) {
      const holder = stored.byTid.get(terminalId);
      if (holder && holder.id === terminal?.id) out.add(rowNumber, 'terminal_id', cells.terminal_id, 'is already this terminal’s ID');
      else if (holder) out.add(rowNumber, 'terminal_id', cells.terminal_id, `is already the terminal ID of ${holder.serialNo}`);
    }
    if (out.list.length === before && serialNo && terminalId && terminal)
      good.push({ rowNumber, id: terminal.id, serialNo, from: terminal.terminalId, terminalId });
  }
  return { good, problems: out.list };
}
