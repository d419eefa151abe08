import type { Writable } from 'node:stream';

/** A stream the CLI writes to: process.stdout and process.stderr, or a test's capture. */
export type Output = Writable & {
  isTTY?: boolean;
  /** Terminal width, when it is one. */
  columns?: number;
};

/**
 * Everything the program touches outside itself, passed in rather than read from `process`,
 * so tests run it in memory against fake terminals and a temporary config folder.
 */
export interface Io {
  stdout: Output;
  stderr: Output;
  stdin: NodeJS.ReadStream;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Aborted on Ctrl+C: long work stops at a safe point. */
  signal: AbortSignal;
}

/**
 * No prompts and no animation for a dumb terminal, in CI, or when TERM is missing altogether
 * (`env -i`, most schedulers), even if a terminal happens to be attached. Windows consoles do
 * not set TERM, so there its absence says nothing.
 */
const disabled = (io: Io) =>
  io.env.TERM === 'dumb' || (!io.env.TERM && process.platform !== 'win32') || (io.env.CI !== undefined && io.env.CI !== 'false' && io.env.CI !== '0');

/** Whether a person is there to answer prompts (keys come from a terminal, prompts go to stderr). */
export const canPrompt = (io: Io): boolean => Boolean(io.stdin.isTTY && io.stderr.isTTY) && !disabled(io);

/** Whether progress may be animated on stderr. */
export const canAnimate = (io: Io): boolean => Boolean(io.stderr.isTTY) && !disabled(io);

/** Whether stdout is a terminal a person reads (tables) rather than a pipe or a file (plain text). */
export const stdoutIsTerminal = (io: Io): boolean => Boolean(io.stdout.isTTY) && !disabled(io);

/** Writes a line to stderr: notes, warnings and summaries that are not the command's data. */
export const note = (io: Io, text: string): void => void io.stderr.write(`${text}\n`);
