import { SHEET_SOURCES, type SheetSource } from '@traction/core';

/** The sheet a console path shows: its first segment is the source (`/terminal-mastersheet`); the mastersheet when none matches. */
export function sheetSourceOfPath(pathname: string): SheetSource {
  const segment = pathname.split('/')[1] ?? '';
  return SHEET_SOURCES.find((source) => source === segment) ?? 'terminal-mastersheet';
}
