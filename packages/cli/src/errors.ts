import { EXIT, type ExitCode } from './exit-codes';

/** A failure the CLI reports as one message and an exit code, without a stack trace. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    /** What the process exits with. */
    readonly exitCode: ExitCode = EXIT.error,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The command line or an input file was wrong; nothing was sent (exit 2). */
export const usageError = (message: string) => new CliError(message, EXIT.usage);

/** Not signed in or the session ended (exit 3). */
export const notSignedIn = (message: string) => new CliError(message, EXIT.notSignedIn);

/** Ctrl+C (exit 130). */
export const interrupted = (message = 'Interrupted.') => new CliError(message, EXIT.interrupted);
