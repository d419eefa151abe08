import type { CommandInput, reportClientError } from '@traction/core';

/** What the console tells engineers about a render error: never a token or what was typed. */
export type ClientErrorReport = CommandInput<typeof reportClientError>;

/** Somewhere error reports go (spec §8), chosen by the server's configuration. */
export interface ErrorReporter {
  /** Sends one report; resolves with the reference the admin may quote. */
  send(report: ClientErrorReport): Promise<{ reference: number }>;
}
