import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertStorageKey, type FileStore } from './file-store';

/**
 * Files in a local folder, two levels of fan-out by key (`ab/cdef…`) so no directory grows huge.
 * Writes go to a temporary name first and are renamed into place, so a crash never leaves half
 * a file under a real key. The folder is created on the first upload.
 */
export class LocalFileStore implements FileStore {
  readonly name = 'local' as const;

  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(temporary, bytes, { mode: 0o600, flush: true });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.pathOf(key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
