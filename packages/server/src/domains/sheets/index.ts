import type { Implementation } from '../../handling/implement';
import {
  compareSheetVersionsHandler,
  listSheetLoggedHandler,
  listSheetRowsHandler,
  listSheetVersionsHandler,
  sheetTemplateHandler,
  uploadSheetHandler,
} from './sheets.handlers';

/** Versioned spreadsheets from the field: the terminal mastersheet, location sheet and weekly visitation sheet. */
export const sheetImplementations: readonly Implementation[] = [
  listSheetRowsHandler,
  uploadSheetHandler,
  listSheetVersionsHandler,
  compareSheetVersionsHandler,
  listSheetLoggedHandler,
  sheetTemplateHandler,
];

/** For demo data: rows kept as a sheet's next version, checked and linked as an upload's are. */
export { keepSheetVersion } from './keep-sheet-version';
