import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { CsvRecordCounter } from './csv-record-counter';

async function count(chunks: string[]): Promise<{ records: number; text: string }> {
  let text = '';
  const counter = new CsvRecordCounter();
  const sink = new Writable({
    write: (chunk, _e, done) => {
      text += chunk;
      done();
    },
  });
  await pipeline(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), counter, sink);
  return { records: counter.records, text };
}

describe('CsvRecordCounter', () => {
  it.each([
    [['\uFEFFa,b\n1,2\n3,4\n'], 3],
    [['a,b\n1,"two\nlines"\n'], 2],
    [['a,b\n1,"say ""hi""\n', 'still quoted"\n2,3\n'], 3],
    [['a,b\r\n1,2\r\n'], 2],
    [['a,b\n1,2'], 2],
    [[''], 0],
    [['a\n"x"', '"y"\n'], 2],
    [['a\n"multi\n', 'line\n', 'field"\n3\n'], 3],
    [['a\n\n', '\n'], 3],
    [['a,"q\n', '', '"', ',b\n1,2\n'], 2],
  ])('%j holds %i records', async (chunks, records) => {
    const result = await count(chunks);
    expect(result.records).toBe(records);
    expect(result.text).toBe(chunks.join(''));
  });
});
