import type { SheetSource } from '@traction/core';
import type { Db } from '../../db/connect';
import { checkSheetRows, linkSheetRows } from './sheet-checks';
import { insertSheetVersion, knownRecords, latestVersionNumber } from './sheets.repository';

/**
 * Keeps rows (cells by column key) as the next version of a sheet, checked and linked as an
 * upload's are; for demo data. Throws on a bad row: the caller built them.
 */
export async function keepSheetVersion(
  db: Db,
  sheet: { source: SheetSource; tag: string; fileName: string; rows: readonly Record<string, string>[]; adminId: number | null; at: Date },
): Promise<{ version: number; rows: number; flagged: number }> {
  const { good, problems } = checkSheetRows(
    sheet.source,
    sheet.rows.map((cells, index) => ({ rowNumber: index + 1, cells })),
  );
  if (problems.length > 0) throw new Error(`sheet rows are bad: ${JSON.stringify(problems.slice(0, 3))}`);
  const known = await knownRecords(
    db,
    good.map((row) => row.tid),
    good.map((row) => row.serialNo).filter((serial) => serial !== ''),
    good.flatMap((row) => (row.merchantId === null ? [] : [row.merchantId])),
  );
  const linked = linkSheetRows(good, known);
  const version = (await latestVersionNumber(db, sheet.source)) + 1;
  await insertSheetVersion(db, {
    source: sheet.source,
    version,
    tag: sheet.tag,
    fileName: sheet.fileName,
    format: sheet.fileName.endsWith('.csv') ? 'csv' : 'xlsx',
    sha256: '0'.repeat(64),
    rows: linked,
    adminId: sheet.adminId,
    at: sheet.at,
  });
  return { version, rows: linked.length, flagged: linked.filter((row) => row.flag !== null).length };
}
