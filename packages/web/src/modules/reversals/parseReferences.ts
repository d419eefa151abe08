import { parse } from 'csv-parse/browser/esm/sync';

/** A header cell naming the references' column (`TransactionReference`, `reference`). */
const HEADER = /^(transaction[\s_-]*)?reference$/i;

export interface ParsedReferences {
  /** Each reference once, in the order pasted. */
  references: string[];
  /** How many repeats were left out. */
  repeats: number;
  /** The reason a pasted CSV gives every row, when it has a `reason` column with one value. */
  reason?: string;
}

/**
 * The references in what an admin typed or pasted: one per line (a spreadsheet column), or
 * separated by commas, semicolons, tabs or spaces; a header cell is left out, and so is each
 * repeat. A CSV file's text whose header names a reference column (the file `traction bulk
 * wallets reverse` takes: `TransactionReference,reason`) gives that column, and its reason when
 * every row has the same one.
 */
export function parseReferences(text: string): ParsedReferences {
  const table = csvWithReferenceColumn(text);
  const cells = table ? table.references : text.split(/[\s,;]+/);
  const seen = new Set<string>();
  let repeats = 0;
  for (const cell of cells) {
    const reference = cell.trim().replace(/^"(.*)"$/, '$1');
    if (!reference || HEADER.test(reference)) continue;
    if (seen.has(reference)) repeats += 1;
    else seen.add(reference);
  }
  return { references: [...seen], repeats, ...(table?.reason ? { reason: table.reason } : {}) };
}

/** The reference column (and a reason shared by every row) of CSV text whose first line is a header naming it; null otherwise. */
function csvWithReferenceColumn(text: string): { references: string[]; reason?: string } | null {
  const firstLine = text.trimStart().split(/\r?\n/, 1)[0] ?? '';
  if (!/[,;\t]/.test(firstLine)) return null;
  let rows: string[][];
  try {
    rows = parse(text.trim(), { delimiter: [',', ';', '\t'], relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch {
    return null;
  }
  const [header = [], ...body] = rows;
  const column = header.findIndex((cell) => HEADER.test(cell));
  if (column < 0) return null;
  const reasonColumn = header.findIndex((cell) => /^reason$/i.test(cell));
  const reasons = new Set(reasonColumn < 0 ? [] : body.map((row) => row[reasonColumn] ?? '').filter(Boolean));
  return { references: body.map((row) => row[column] ?? ''), ...(reasons.size === 1 ? { reason: [...reasons][0]! } : {}) };
}
