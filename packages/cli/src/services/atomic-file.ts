import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

export interface AtomicFile {
  /** Where the bytes go until `commit`. */
  readonly stream: Writable;
  /** The temporary file beside the target (hidden, named after it). */
  readonly temporaryPath: string;
  /** Flushes to disk and renames the temporary file over the target. */
  commit(): Promise<void>;
  /** Removes the temporary file; the target is left as it was. */
  discard(): Promise<void>;
}

/**
 * A file that appears whole or not at all: written beside its final name and renamed into place
 * once complete, so a crash, a dropped connection or Ctrl+C never leaves half an export where a
 * cron job's next step would read it.
 */
export async function openAtomicFile(path: string): Promise<AtomicFile> {
  const temporaryPath = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.partial`);
  const stream = createWriteStream(temporaryPath, { flags: 'wx' });
  await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
  let settled = false;
  return {
    stream,
    temporaryPath,
    async commit() {
      if (settled) return;
      settled = true;
      if (!stream.writableEnded) stream.end();
      await finished(stream);
      // On disk before it takes the final name: a crash right after the rename keeps the whole file.
      const handle = await open(temporaryPath, 'r+');
      await handle.sync();
      await handle.close();
      await rename(temporaryPath, path);
    },
    async discard() {
      if (settled) return;
      settled = true;
      stream.destroy();
      await finished(stream).catch(() => undefined);
      await rm(temporaryPath, { force: true });
    },
  };
}

/** Writes a whole text atomically. */
export async function writeTextAtomically(path: string, text: string): Promise<void> {
  const file = await openAtomicFile(path);
  try {
    file.stream.write(text);
    await file.commit();
  } catch (error) {
    await file.discard();
    throw error;
  }
}
