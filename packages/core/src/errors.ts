/**
 * The error body every API failure answers with: `{ code, message, details }`.
 * `code` is the HTTP status as a string ('400', '401', …) so that the console's error catalogue
 * (spec §8, "error body code '401'") works the same against this server and the legacy backend.
 */
export type ErrorCode = '400' | '401' | '403' | '404' | '409' | '413' | '415' | '422' | '429' | '500' | '502' | '503' | '504';

export interface ErrorBody {
  /** HTTP status as a string. */
  code: ErrorCode;
  /** A sentence a person can act on. */
  message: string;
  /** Machine-readable extras: the failing fields of a 400, the reason of a 401, retry hints. */
  details?: ErrorDetails;
}

export interface FieldIssue {
  /** Dotted path of the failing input field, e.g. `device.deviceId`. */
  field: string;
  /** Why it failed. */
  message: string;
}

export interface ErrorDetails {
  /** Per-field failures of a 400. */
  fields?: FieldIssue[];
  /** A short machine reason, e.g. `device_not_recognized`, `session_expired`. */
  reason?: string;
  /** Seconds after which a 429 may be retried. */
  retryAfterSeconds?: number;
  [key: string]: unknown;
}

/** The exact message the console turns into the unsanctioned-device modal (spec §8). */
export const DEVICE_NOT_RECOGNIZED_MESSAGE = 'Device not recognized - Logout and login again to add device';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status to answer with. */
    readonly status: number,
    message: string,
    /** Extra detail for the body. */
    readonly details?: ErrorDetails,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The body sent to clients. */
  toBody(): ErrorBody {
    const body: ErrorBody = { code: String(this.status) as ErrorCode, message: this.message };
    if (this.details) body.details = this.details;
    return body;
  }
}

export const badRequest = (message: string, fields?: FieldIssue[]) => new ApiError(400, message, fields ? { fields } : undefined);
export const unauthorized = (message: string, reason = 'unauthenticated') => new ApiError(401, message, { reason });
export const forbidden = (message: string, details?: ErrorDetails) => new ApiError(403, message, details);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, details?: ErrorDetails) => new ApiError(409, message, details);
/**
 * `details.reason` of a 409 whose target is already in the state asked for (marking a business
 * already marked as fraud): nothing was done and nothing needs doing, so a bulk re-run counts the
 * row as unchanged rather than failed. The body's `code` stays the HTTP status (spec §8).
 */
export const ALREADY = 'already';
/** 409 with the `already` reason: the target is already as the request asks. */
export const alreadyInState = (message: string, details?: ErrorDetails) => new ApiError(409, message, { ...details, reason: ALREADY });
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new ApiError(429, message, { retryAfterSeconds });
export const deviceNotRecognized = () => new ApiError(401, DEVICE_NOT_RECOGNIZED_MESSAGE, { reason: 'device_not_recognized' });
export const upstreamFailed = (message: string, cause?: unknown) => new ApiError(502, message, { reason: 'upstream_failed' }, { cause });
