import { createWriteStream, type Stats } from 'node:fs';
import { lstat, readlink, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { CliError } from '../errors';
import type { Io, Output } from '../io';
import { cannotWrite, openAtomicFile } from '../services/atomic-file';

/** Where `--out` sends the bytes, opened. */
export interface OutTarget {
  readonly stream: Output;
  /**
   * `file`: a regular file, written beside its name and renamed over it when complete (a file
   * kept for people and spreadsheets). `stdout`: standard output. `stream`: a FIFO, a device
   * or a descriptor, written as the bytes come, since renaming over it would replace it.
   */
  readonly kind: 'file' | 'stdout' | 'stream';
  /** How messages name it: `--out` as typed, or "standard output". */
  readonly label: string;
  /** The file written, after following symbolic links (absolute). */
  readonly path?: string;
  /** Whether a file was there before (a failure leaves it as it was). */
  readonly replaces: boolean;
  /** Completes the output: renames a file into place, ends a stream (never standard output). */
  commit(): Promise<void>;
  /** Abandons it: a file's temporary copy is removed; bytes already streamed stay where they went. */
  discard(): Promise<void>;
}

/** `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`: the descriptor itself, never a path to rename over. */
const DESCRIPTOR = /^\/(?:dev\/(?:std(?:in|out|err)|fd\/\d+)|proc\/[^/]+\/fd\/\d+)$/;
const STDOUT = new Set(['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']);
const STDERR = new Set(['/dev/stderr', '/dev/fd/2', '/proc/self/fd/2']);

const passThrough = (stream: Output, kind: 'stdout' | 'stream', label: string): OutTarget => ({
  stream,
  kind,
  label,
  replaces: false,
  commit: async () => undefined,
  discard: async () => undefined,
});

/**
 * Follows symbolic links the way open() would, one hop at a time, so the file replaced is the
 * link's target (in the target's folder) and the link stays a link. Stops at a descriptor path,
 * whose "target" (`pipe:[1234]`) is no path at all.
 */
async function followLinks(path: string): Promise<{ path: string; stats: Stats | undefined }> {
  let current = path;
  for (let hops = 0; hops < 40; hops++) {
    if (DESCRIPTOR.test(current)) return { path: current, stats: undefined };
    let stats: Stats;
    try {
      stats = await lstat(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { path: current, stats: undefined };
      throw error;
    }
    if (!stats.isSymbolicLink()) return { path: current, stats };
    current = resolve(dirname(current), await readlink(current));
  }
  throw new CliError(`Cannot write ${path}: too many symbolic links.`);
}

/** A FIFO, a device or a descriptor: opened for writing as a shell's `>>` would, never created or truncated here. */
async function openStream(path: string, label: string): Promise<OutTarget> {
  const stream = createWriteStream(path, { flags: 'a' });
  try {
    // For a FIFO this waits for its reader, as a shell redirection does.
    await new Promise<void>((done, fail) => stream.once('open', () => done()).once('error', fail));
  } catch (error) {
    throw cannotWrite(label, error);
  }
  return {
    stream,
    kind: 'stream',
    label,
    path,
    replaces: true,
    async commit() {
      await new Promise<void>((done, fail) => stream.end((error?: Error | null) => (error ? fail(cannotWrite(label, error)) : done())));
    },
    async discard() {
      stream.destroy();
    },
  };
}

/**
 * Opens `--out` for writing. Nothing (or `-`) is standard output; a regular file, or a name not
 * taken yet, is written atomically (0600, renamed into place when complete); a symbolic link is
 * followed and its target replaced; anything else — `/dev/stdout`, a FIFO, `/dev/null`, a
 * terminal — is written through, as it would be replaced by the rename. Checked before anything
 * is sent, so a missing folder is said at once.
 */
export async function openOutTarget(io: Io, out: string | undefined): Promise<OutTarget> {
  if (out === undefined || out === '-') return passThrough(io.stdout, 'stdout', 'standard output');
  let target: { path: string; stats: Stats | undefined };
  try {
    target = await followLinks(resolve(io.cwd, out));
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw cannotWrite(out, error);
  }
  // Also reached through a link (latest.csv → /dev/stdout): a descriptor is written, never renamed over.
  if (STDOUT.has(target.path)) return passThrough(io.stdout, 'stdout', 'standard output');
  if (STDERR.has(target.path)) return passThrough(io.stderr, 'stream', 'standard error');
  if (DESCRIPTOR.test(target.path)) return openStream(target.path, out);
  const { stats } = target;
  if (stats?.isDirectory()) throw new CliError(`--out ${out} is a folder: name a file in it (--out ${out.replace(/\/$/, '')}/name.csv).`);
  if (stats && !stats.isFile()) return openStream(target.path, out);
  if (!stats) {
    const folder = dirname(target.path);
    const folderStats = await stat(folder).catch(() => undefined);
    if (!folderStats) throw new CliError(`Cannot write ${out}: the folder ${folder} does not exist.`);
    if (!folderStats.isDirectory()) throw new CliError(`Cannot write ${out}: ${folder} is not a folder.`);
  }
  const file = await openAtomicFile(target.path, { label: out });
  return {
    stream: file.stream,
    kind: 'file',
    label: out,
    path: target.path,
    replaces: Boolean(stats),
    commit: () => file.commit(),
    discard: () => file.discard(),
  };
}
