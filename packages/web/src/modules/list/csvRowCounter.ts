/**
 * Counts CSV records as text arrives in chunks: line breaks inside quoted fields do not end a
 * record, and a quote may be split across chunks. The first record is the header and not counted.
 */
export function csvRowCounter() {
  let inQuotes = false;
  let records = 0;
  let pending = false;
  return {
    push(text: string): void {
      for (let i = 0; i < text.length; i++) {
        const char = text.charCodeAt(i);
        // A doubled quote inside a quoted field toggles twice, which leaves the state as it was.
        if (char === 34) inQuotes = !inQuotes;
        else if (char === 10 && !inQuotes) {
          records++;
          pending = false;
          continue;
        }
        if (char !== 13) pending = true;
      }
    },
    /** Data rows so far, counting a last record without its line break. */
    get rows(): number {
      return Math.max(0, records + (pending ? 1 : 0) - 1);
    },
  };
}
