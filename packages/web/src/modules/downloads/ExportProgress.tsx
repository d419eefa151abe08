import { EXPORT_STATUS_WORDS, type ExportFileRow } from '@traction/core';
import { isExportPending } from './isExportPending';

const count = (n: number) => n.toLocaleString('en-NG');

/**
 * An export's rows written of its rows, as a bar; beside it the share written while it is being
 * written, else the rows written (the list's Rows column beside it holds the total). The whole
 * figures are the bar's value text and the cell's tooltip. Fits a number column.
 */
export function ExportProgress({ file }: { file: Pick<ExportFileRow, 'id' | 'status' | 'rowsDone' | 'rowsTotal'> }) {
  const total = file.rowsTotal;
  const known = total !== null && total > 0;
  const percent = known ? Math.min(100, Math.floor((file.rowsDone / total) * 100)) : file.status === 'READY' ? 100 : 0;
  const figures = total === null ? `${count(file.rowsDone)} rows` : `${count(file.rowsDone)} of ${count(total)}`;
  return (
    <span className="flex w-full min-w-0 items-center gap-1.5" title={figures} data-export-progress={file.id} data-status={file.status}>
      <span
        role="progressbar"
        aria-label={`Export ${file.id}: ${EXPORT_STATUS_WORDS[file.status]}`}
        aria-valuemin={0}
        aria-valuemax={known ? total : undefined}
        aria-valuenow={known ? Math.min(file.rowsDone, total) : undefined}
        aria-valuetext={figures}
        className="h-1.5 w-8 shrink-0 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
      >
        <span
          className={`block h-full ${file.status === 'FAILED' ? 'bg-red-500' : 'bg-emerald-500'} ${file.status === 'QUEUED' || (file.status === 'RUNNING' && !known) ? 'animate-pulse' : ''}`}
          style={{ width: `${percent}%` }}
        />
      </span>
      <span className="truncate tabular-nums">{isExportPending(file.status) ? `${percent}%` : count(file.rowsDone)}</span>
    </span>
  );
}
