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

  constructor(private readonly onRecords?: (records: number) => void) {
    super();
  }

  /** Records seen so far, including the header line. */
  get records(): number {
    return this.lines + (this.pendingRecord ? 1 : 0);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === QUOTE) this.inQuotes = !this.inQuotes;
      else if (byte === NEWLINE && !this.inQuotes) {
        this.lines += 1;
        this.pendingRecord = false;
        continue;
      }
      this.pendingRecord = true;
    }
    this.onRecords?.(this.lines);
    callback(null, chunk);
  }
}
