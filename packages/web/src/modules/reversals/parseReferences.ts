/** A header cell pasted along with a column of references, left out. */
const HEADER = /^(transaction[\s_-]*)?reference$/i;

export interface ParsedReferences {
  /** Each reference once, in the order pasted. */
  references: string[];
  /** How many repeats were left out. */
  repeats: number;
}

/**
 * The references in what an admin typed or pasted: one per line (a spreadsheet column), or
 * separated by commas, semicolons, tabs or spaces; a header cell is left out, and so is each repeat.
 */
export function parseReferences(text: string): ParsedReferences {
  const seen = new Set<string>();
  let repeats = 0;
  for (const cell of text.split(/[\s,;]+/)) {
    const reference = cell.trim().replace(/^"(.*)"$/, '$1');
    if (!reference || HEADER.test(reference)) continue;
    if (seen.has(reference)) repeats += 1;
    else seen.add(reference);
  }
  return { references: [...seen], repeats };
}
