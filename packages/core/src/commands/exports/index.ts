import type { AnyCommand } from '../../command';
import { createExport, deleteExport, downloadExport, getExport, listExports } from './exports';
import { createExportSchedule, deleteExportSchedule, getExportSchedule, listExportSchedules, runExportScheduleNow, updateExportSchedule } from './schedules';

export * from './exports';
export * from './schedules';

/** Export jobs (Downloads) and scheduled exports. */
export const exportCommands = [
  listExports,
  getExport,
  createExport,
  downloadExport,
  deleteExport,
  listExportSchedules,
  getExportSchedule,
  createExportSchedule,
  updateExportSchedule,
  deleteExportSchedule,
  runExportScheduleNow,
] as const satisfies readonly AnyCommand[];
