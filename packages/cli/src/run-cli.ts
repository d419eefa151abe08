import { CommanderError } from 'commander';
import { versionFlagAsField } from './commands/field-options';
import { CliError } from './errors';
import { EXIT } from './exit-codes';
import type { Io } from './io';
import { separateJsonFlag } from './output/json-fields';
import { buildProgram } from './program';

/** Writes the failure the way a shell user expects (one line, no stack) and returns its exit code. */
export function reportError(io: Io, error: unknown): number {
  if (error instanceof CommanderError) {
    // Commander has already printed the help or its message.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
    return EXIT.usage;
  }
  if (error instanceof CliError) {
    if (error.message) io.stderr.write(`error: ${error.message}\n`);
    return error.exitCode;
  }
  if (io.signal.aborted) {
    io.stderr.write('Interrupted.\n');
    return EXIT.interrupted;
  }
  io.stderr.write(`error: ${(error as Error)?.message ?? String(error)}\n`);
  if (io.env.TRACTION_DEBUG && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  return EXIT.error;
}

/** Runs one command line (arguments after `traction`) and returns the exit code. */
export async function runCli(argv: readonly string[], io: Io): Promise<number> {
  try {
    const program = buildProgram(io);
    await program.parseAsync(separateJsonFlag(versionFlagAsField(argv, program), program), { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    return reportError(io, error);
  }
}
