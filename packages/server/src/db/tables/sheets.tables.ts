import type { SheetSource } from '@traction/core';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../column-types';

/** One uploaded version of a field sheet (0043). */
export interface SheetVersionsTable {
  id: Generated<number>;
  source: SheetSource;
  /** 1, 2, 3 … per source; unique with it. */
  version: number;
  tag: Generated<string>;
  file_name: string;
  format: 'csv' | 'xlsx';
  sha256: string;
  row_count: number;
  linked_count: Generated<number>;
  flagged_count: Generated<number>;
  uploaded_by: number | null;
  uploaded_at: CreatedAt;
}

/** One row of a sheet version (0043): its cells as written, its links and flag. */
export interface SheetRowsTable {
  id: Generated<number>;
  version_id: number;
  row_number: number;
  /** The key columns' cells joined with ` / `; unique in its version. */
  key: string;
  tid: string;
  serial_no: Generated<string>;
  merchant_name: Generated<string>;
  cells: ColumnType<Record<string, string>, string, string>;
  terminal_id: number | null;
  business_id: number | null;
  flag: string | null;
}
