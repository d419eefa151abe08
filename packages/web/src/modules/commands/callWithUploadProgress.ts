import type { AnyCommand, CommandInput, CommandOutput, ErrorBody } from '@traction/core';
import { ClientError, classifyFailure, clearSession, STORAGE_KEYS, toRequest } from '@traction/core/client';
import { client, reportClientFailure } from '../../app/client';

export interface UploadProgressOptions {
  /** Told the share of the body sent so far, 0 to 1, as the browser reports it. */
  onProgress?: (fraction: number) => void;
  /** Sent as `Idempotency-Key`: the same key resent with the same file returns the first answer. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/**
 * Calls a command whose input holds a file (sent as multipart) and reports how much of the body
 * has gone up, which fetch cannot: the same request the client makes (path, parts, bearer token,
 * device id) through XMLHttpRequest. A refusal is the client's ClientError, told to the console's
 * failure handling like any other (a 401 signs out, a 403 shows No Permission).
 */
export function callWithUploadProgress<C extends AnyCommand>(
  command: C,
  input: CommandInput<C>,
  options: UploadProgressOptions = {},
): Promise<CommandOutput<C>> {
  const { path, body } = toRequest(command, input as Record<string, unknown>);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(command.method, path);
    const token = client.store.get(STORAGE_KEYS.token);
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('device-id', client.deviceId);
    request.setRequestHeader('accept', 'application/json');
    if (options.idempotencyKey) request.setRequestHeader('idempotency-key', options.idempotencyKey);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    // All of it is up (small bodies may go without a single progress event): what is left is the server's work.
    request.upload.onload = () => options.onProgress?.(1);
    const fail = (status: number, answer: ErrorBody | undefined, cause?: unknown) => {
      const error = new ClientError(classifyFailure(status, answer), status, command.method, path, answer, { cause });
      if (error.kind === 'session-expired') clearSession(client.store);
      reportClientFailure(error);
      reject(error);
    };
    request.onload = () => {
      let answer: unknown;
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        answer = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(answer as CommandOutput<C>);
      else fail(request.status, answer as ErrorBody | undefined);
    };
    request.onerror = () => fail(0, undefined, new Error('The server could not be reached'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    if (body instanceof FormData) request.send(body);
    else {
      request.setRequestHeader('content-type', 'application/json');
      request.send(JSON.stringify(body ?? {}));
    }
  });
}
