import type { ExportFileRow } from '@traction/core';
import { exportName } from './exportName';

const count = (n: number) => n.toLocaleString('en-NG');

/** "Sales export ready — 1,000,000 rows", or why it failed. */
export function exportReadyMessage(file: ExportFileRow): string {
  const name = exportName(file);
  if (file.status === 'FAILED') return `${name} export failed${file.error ? `: ${file.error}` : '.'}`;
  const rows = file.rowsTotal ?? file.rowsDone;
  return `${name} export ready — ${count(rows)} ${rows === 1 ? 'row' : 'rows'}`;
}
