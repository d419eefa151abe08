import { describe, expect, it } from 'vitest';
import { safeFileName } from './safe-file-name';

describe('safeFileName', () => {
  it.each([
    ['a right-to-left override', 'invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['the other embeddings and overrides', 'a\u202Ab\u202Bc\u202Cd\u202De.pdf', 'abcde.pdf'],
    ['isolates', '\u2066x\u2067y\u2068z\u2069.png', 'xyz.png'],
    ['directional marks', 'l\u200Er\u200Fa\u061C.jpg', 'lra.jpg'],
    ['zero-width characters and the BOM', '\uFEFFpass\u200Bport\u200D.pdf', 'passport.pdf'],
    ['control characters', 'line\nbreak\ttab\u0000nul\u007Fdel\u0085nel.pdf', 'linebreaktabnuldelnel.pdf'],
    ['line and paragraph separators', 'one\u2028two\u2029.pdf', 'onetwo.pdf'],
  ])('removes %s', (_what, name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  it.each([
    ['accents', 'Adébáyọ̀ CAC.pdf'],
    ['Arabic letters', 'سند.pdf'],
    ['emoji', 'receipt 🧾.png'],
    ['spaces and punctuation', "Ngozi's bill (March) #2.pdf"],
  ])('keeps %s', (_what, name) => {
    expect(safeFileName(name)).toBe(name);
  });

  it('trims, and answers the fallback when nothing is left', () => {
    expect(safeFileName('  statement.pdf \u202E')).toBe('statement.pdf');
    expect(safeFileName('\u202E\u200F ')).toBe('file');
    expect(safeFileName('', 'document')).toBe('document');
  });
});
