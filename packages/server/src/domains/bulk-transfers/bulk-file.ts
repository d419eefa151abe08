import { BULK_TRANSFER_COLUMNS, BULK_TRANSFER_HEADER_ALIASES, type BulkTransferColumn, MAX_BULK_TRANSFER_ROWS } from '@traction/core';
import { readSpreadsheet, type SheetRow } from '../../handling/spreadsheet';

/** One data row of a bulk transfer file. */
export type FileRow = SheetRow<BulkTransferColumn>;

export interface ParsedBulkFile {
  format: 'csv' | 'xlsx';
  rows: FileRow[];
}

/**
 * Reads an uploaded bulk file (handling/spreadsheet): CSV or XLSX, not the old .xls, whose
 * numbers-as-floats lose account numbers' digits too easily to pay from.
 */
export function parseBulkFile(bytes: Uint8Array): ParsedBulkFile {
  const { format, rows } = readSpreadsheet(bytes, {
    columns: BULK_TRANSFER_COLUMNS,
    aliases: BULK_TRANSFER_HEADER_ALIASES,
    rowsAre: 'transfers',
    maxRows: MAX_BULK_TRANSFER_ROWS,
    xls: false,
  });
  return { format: format === 'xls' ? 'xlsx' : format, rows };
}
