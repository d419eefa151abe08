import type { AnyCommand } from '../../command';
import { compareSheetVersions, listSheetLogged, listSheetRows, listSheetVersions, sheetTemplate, uploadSheet } from './sheets';

export * from './sheets';

/** Versioned spreadsheets from the field: the terminal mastersheet, location sheet and weekly visitation sheet. In the order the palette and CLI help list them. */
export const sheetCommands = [
  listSheetRows,
  uploadSheet,
  listSheetVersions,
  compareSheetVersions,
  listSheetLogged,
  sheetTemplate,
] as const satisfies readonly AnyCommand[];
