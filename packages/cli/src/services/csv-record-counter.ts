import { Transform, type TransformCallback } from 'node:stream';

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/**
 * Passes CSV bytes through unchanged while counting records: newlines outside quoted fields
 * (a quoted field may hold line breaks). Constant memory: one flag and two counters.
 */
export class CsvRecordCounter extends Transform {
  private inQuotes = false;
  private lines = 0;
  private pendingRecord = false;
  /** Bytes passed through. */
  bytes = 0;

  constructor(private readonly onRecords?: (records: number) => void) {
    super();
  }

  /** Records seen so far, including the header line. */
  get records(): number {
    return this.lines + (this.pendingRecord ? 1 : 0);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    // Jumps from quote to newline with Buffer.indexOf (native memchr) rather than testing every byte
    // in JavaScript: the count costs next to nothing beside the network, even for 1 M rows.
    let i = 0;
    let nextQuote = chunk.indexOf(QUOTE);
    while (i < chunk.length) {
      if (this.inQuotes) {
        this.pendingRecord = true;
        if (nextQuote === -1) break;
        this.inQuotes = false;
        i = nextQuote + 1;
        nextQuote = chunk.indexOf(QUOTE, i);
        continue;
      }
      const newline = chunk.indexOf(NEWLINE, i);
      if (nextQuote !== -1 && (newline === -1 || nextQuote < newline)) {
        this.inQuotes = true;
        this.pendingRecord = true;
        i = nextQuote + 1;
        nextQuote = chunk.indexOf(QUOTE, i);
        continue;
      }
      if (newline === -1) {
        this.pendingRecord = true;
        break;
      }
      this.lines += 1;
      this.pendingRecord = false;
      i = newline + 1;
    }
    this.onRecords?.(this.lines);
    callback(null, chunk);
  }
}
