import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { CliError } from '../errors';

/**
 * Exports, results files and journals hold personal data (names, emails, phone numbers): they are
 * created readable and writable by their owner alone, whatever the umask.
 */
export const PRIVATE_FILE_MODE = 0o600;

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

const FILE_ERRORS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'over the disk quota',
  ENOENT: 'no such file or folder',
  EPIPE: 'its reader has closed it',
  ENOTDIR: 'part of the path is not a folder',
  EISDIR: 'it is a folder',
  ENAMETOOLONG: 'the name is too long',
};

/**
 * A file-system failure said about the file the user named: the temporary file beside it is
 * ours, and its name in a message would only confuse.
 */
export function cannotWrite(path: string, error: unknown): CliError {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const why = FILE_ERRORS[code] ?? (error as Error).message.replace(/, \w+ '[^']*'$/, '');
  return new CliError(`Cannot write ${path}: ${why}.`, undefined, { cause: error });
}

/**
 * A file that appears whole or not at all: written beside its final name and renamed into place
 * once complete, so a crash, a dropped connection or Ctrl+C never leaves half an export where a
 * cron job's next step would read it. Created 0600 (PRIVATE_FILE_MODE) unless told otherwise;
 * the rename replaces whatever mode the old file had. Messages name it `label` (as the user typed it).
 */
export async function openAtomicFile(path: string, options: { mode?: number; label?: string } = {}): Promise<AtomicFile> {
  const label = options.label ?? path;
  const temporaryPath = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.partial`);
  const stream = createWriteStream(temporaryPath, { flags: 'wx', mode: options.mode ?? PRIVATE_FILE_MODE });
  try {
    await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
  } catch (error) {
    throw cannotWrite(label, error);
  }
  let settled = false;
  return {
    stream,
    temporaryPath,
    async commit() {
      if (settled) return;
      settled = true;
      try {
        if (!stream.writableEnded) stream.end();
        await finished(stream);
        // On disk before it takes the final name: a crash right after the rename keeps the whole file.
        const handle = await open(temporaryPath, 'r+');
        await handle.sync();
        await handle.close();
        await rename(temporaryPath, path);
      } catch (error) {
        await rm(temporaryPath, { force: true });
        throw cannotWrite(label, error);
      }
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

/** Writes a whole text atomically (0600 unless told otherwise). */
export async function writeTextAtomically(path: string, text: string, options: { mode?: number } = {}): Promise<void> {
  const file = await openAtomicFile(path, options);
  try {
    file.stream.write(text);
    await file.commit();
  } catch (error) {
    await file.discard();
    throw error;
  }
}
