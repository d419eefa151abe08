import type { Generated, JSONColumnType } from 'kysely';
import type { TerminalUploadKind, TerminalUploadProblem } from '@traction/core';
import type { CreatedAt } from '../column-types';

/** A saved terminal spreadsheet and what it came to (0029). */
export interface TerminalUploadsTable {
  id: Generated<number>;
  kind: TerminalUploadKind;
  file_name: string;
  format: 'csv' | 'xlsx' | 'xls';
  sha256: string;
  rows: number;
  saved: number;
  problems: JSONColumnType<TerminalUploadProblem[], string, string>;
  admin_id: number;
  created_at: CreatedAt;
}
