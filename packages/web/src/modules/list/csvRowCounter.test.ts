import { describe, expect, it } from 'vitest';
import { csvRowCounter } from './csvRowCounter';

function countIn(chunks: string[]): number {
  const counter = csvRowCounter();
  for (const chunk of chunks) counter.push(chunk);
  return counter.rows;
}

describe('csvRowCounter', () => {
  it.each([
    ['only the header', ['\uFEFFID,Name\n'], 0],
    ['two rows', ['ID,Name\n1,Ada\n2,Obi\n'], 2],
    ['a last row without its line break', ['ID,Name\n1,Ada\n2,Obi'], 2],
    ['line breaks inside quotes', ['ID,Note\n1,"two\nlines"\n2,"a ""quoted\n"" word"\n'], 2],
    ['a quoted field split across chunks', ['ID,Note\n1,"tw', 'o\n', 'lines"\n2,x\n'], 2],
    ['CRLF line ends', ['ID,Name\r\n1,Ada\r\n'], 1],
    ['nothing', [], 0],
  ])('%s', (_, chunks, rows) => {
    expect(countIn(chunks)).toBe(rows);
  });
});
