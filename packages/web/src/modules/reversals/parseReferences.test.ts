import { describe, expect, it } from 'vitest';
import { parseReferences } from './parseReferences';

describe('parseReferences', () => {
  it.each([
    ['one per line, as a pasted column', 'TRX-1\nTRX-2\r\nTRX-3\n', ['TRX-1', 'TRX-2', 'TRX-3']],
    ['comma-separated', 'TRX-1, TRX-2,TRX-3', ['TRX-1', 'TRX-2', 'TRX-3']],
    ['with the column header and quotes', 'TransactionReference\n"TRX-1"\nTRX-2', ['TRX-1', 'TRX-2']],
    ['nothing', '  \n , ', []],
  ])('%s', (_name, text, references) => {
    expect(parseReferences(text).references).toEqual(references);
  });

  it('takes the reference column of a pasted CSV file, and the reason every row shares', () => {
    const file = 'TransactionReference,reason\nTRX-1,"Failed at the bank, returned"\nTRX-2,"Failed at the bank, returned"\n';
    expect(parseReferences(file)).toEqual({ references: ['TRX-1', 'TRX-2'], repeats: 0, reason: 'Failed at the bank, returned' });
    expect(parseReferences('reason;reference\nA;TRX-1\nB;TRX-2')).toEqual({ references: ['TRX-1', 'TRX-2'], repeats: 0 });
  });

  it('keeps each reference once and counts the repeats', () => {
    expect(parseReferences('TRX-1\nTRX-2\nTRX-1\nTRX-1')).toEqual({ references: ['TRX-1', 'TRX-2'], repeats: 2 });
  });
});
