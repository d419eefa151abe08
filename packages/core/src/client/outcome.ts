import { DEVICE_NOT_RECOGNIZED_MESSAGE, type ErrorBody } from '../errors';

/**
 * What a failed call means to the person using the console or the CLI (spec §8). The console
 * navigates on these; the CLI turns them into exit codes.
 */
export type FailureKind =
  /** Error body code '401': stored session cleared, sign in again. */
  | 'session-expired'
  /** The "Device not recognized…" message: the unsanctioned-device modal. */
  | 'device-not-recognized'
  /** HTTP 403: the no-permission page. */
  | 'no-permission'
  /** HTTP 404: logged only. */
  | 'not-found'
  /** HTTP 429: slow down and retry later. */
  | 'rate-limited'
  /** Any other 4xx: the input or the state was refused; show the message. */
  | 'rejected'
  /** HTTP 5xx: the error page. */
  | 'server-error'
  /** No answer at all: network down, server unreachable, timeout. */
  | 'network';

export function classifyFailure(status: number, body: Partial<ErrorBody> | undefined): FailureKind {
  if (body?.message === DEVICE_NOT_RECOGNIZED_MESSAGE) return 'device-not-recognized';
  if (body?.code === '401' || status === 401) return 'session-expired';
  if (status === 403) return 'no-permission';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server-error';
  if (status >= 400) return 'rejected';
  return 'network';
}
