import type { ExportStatus, ScheduleDateRange, ScheduleRunStatus } from '@traction/core';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '../column-types';

/** An export file and its progress (0047). */
export interface ExportFilesTable {
  id: Generated<number>;
  command_id: string;
  title: string;
  filters: ColumnType<Record<string, unknown>, string, string>;
  filter_words: Generated<string>;
  file_name: string;
  status: Generated<ExportStatus>;
  rows_total: ColumnType<string | null, number | null | undefined, number | null>;
  rows_done: ColumnType<string, number | undefined, number>;
  bytes: ColumnType<string, number | undefined, number>;
  parts: Generated<number>;
  error: string | null;
  job_id: number | null;
  schedule_id: number | null;
  requested_by: number | null;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  frozen_at: Timestamp | null;
  finished_at: Timestamp | null;
  expires_at: Timestamp;
}

/** A part of an export file's bytes, in order (0047). */
export interface ExportFilePartsTable {
  export_id: number;
  seq: number;
  rows: number;
  data: Uint8Array;
}

/** A scheduled export (0047). */
export interface ExportSchedulesTable {
  id: Generated<number>;
  name: string;
  command_id: string;
  filters: ColumnType<Record<string, unknown>, string, string>;
  date_range: ScheduleDateRange;
  run_at_minute: number;
  recipients: string[];
  active: Generated<boolean>;
  next_run_at: Timestamp | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A run of a scheduled export, once per Lagos day unless manual (0047). */
export interface ExportScheduleRunsTable {
  id: Generated<number>;
  schedule_id: number;
  run_day: ColumnType<string, string, string>;
  status: Generated<ScheduleRunStatus>;
  export_id: number | null;
  attempts: Generated<number>;
  error: string | null;
  manual: Generated<boolean>;
  started_at: Timestamp;
  finished_at: Timestamp | null;
}
