import { formatByteSize } from '@traction/core';

/** What the file chooser offers for a spreadsheet upload. */
export const SPREADSHEET_ACCEPT = '.csv,.xlsx,.xls,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Why a chosen file cannot be a spreadsheet upload, said before anything is sent; null when it may be. */
export function spreadsheetFileProblem(file: File, maxBytes?: number): string | null {
  if (!/\.(csv|xlsx|xls)$/i.test(file.name)) return `${file.name} is not a CSV, XLSX or XLS file: save the spreadsheet as one of those.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (maxBytes !== undefined && file.size > maxBytes)
    return `${file.name} is ${formatByteSize(file.size)}; an upload may be at most ${formatByteSize(maxBytes)}.`;
  return null;
}
