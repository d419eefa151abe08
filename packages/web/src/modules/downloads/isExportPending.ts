import type { ExportStatus } from '@traction/core';

/** Still being written: the file will change, so whoever shows it asks again. */
export const isExportPending = (status: ExportStatus): boolean => status === 'QUEUED' || status === 'RUNNING';
