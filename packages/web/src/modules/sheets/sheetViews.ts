/** The parts of a sheet's page, as its `?view=` says: the rows of a version, the versions, two versions compared, a new upload. */
export const SHEET_VIEWS = [
  { view: 'rows', label: 'Rows', key: 'r', help: 'The rows of the sheet' },
  { view: 'versions', label: 'Versions', key: 'v', help: 'Every version of the sheet' },
  { view: 'compare', label: 'Compare', key: 'd', help: 'Compare two versions (differences)' },
  { view: 'upload', label: 'Upload', key: 'n', help: 'Upload a new version' },
] as const;

export type SheetView = (typeof SHEET_VIEWS)[number]['view'];
