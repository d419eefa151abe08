import type { ErrorBody, ErrorDetails } from '../errors';
import type { FailureKind } from './outcome';

/** A failed call: says method, path and status, keeps the server's body and the cause. */
export class ClientError extends Error {
  override readonly name = 'ClientError';
  constructor(
    /** What the failure means to the caller. */
    readonly kind: FailureKind,
    /** HTTP status, or 0 when no answer came. */
    readonly status: number,
    readonly method: string,
    readonly path: string,
    /** The server's error body, when there was one. */
    readonly body: ErrorBody | undefined,
    options?: { cause?: unknown },
  ) {
    super(`[${method}] "${path}": ${status || 'no answer'} ${body?.message ?? (options?.cause as Error | undefined)?.message ?? ''}`.trim(), options);
  }

  /** The server's message, fit to show a person. */
  get userMessage(): string {
    return this.body?.message ?? 'The server could not be reached.';
  }

  get details(): ErrorDetails | undefined {
    return this.body?.details;
  }
}
