import type { ExportFileRow, ListColumn } from '@traction/core';
import { ExportProgress } from './ExportProgress';

/** The "Rows written" cell as a progress bar with its figures; other cells keep their text. */
export const renderExportCell = (column: ListColumn, row: Record<string, unknown>) =>
  column.key === 'rowsDone' ? <ExportProgress file={row as unknown as ExportFileRow} /> : undefined;
