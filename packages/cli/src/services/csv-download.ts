import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { AnyCommand, ErrorBody } from '@traction/core';
import { ClientError, classifyFailure, clearSession, STORAGE_KEYS, toRequest, type TractionClient } from '@traction/core/client';

/** Without a byte for this long the server or the network is taken to have gone. */
export const EXPORT_IDLE_TIMEOUT_MS = 5 * 60 * 1000;

/** Who the CSV is for (the server's `Prefer: csv-plain` / `csv-keys`). */
export interface CsvWanted {
  /** Plain bytes for programs: no byte-order mark, cells as stored. Otherwise a file for spreadsheets. */
  plain: boolean;
  /** JSON field names as headers instead of the columns' labels. */
  keys: boolean;
}

/** An error body is a few hundred bytes; more than this is not one. */
const MAX_ERROR_BODY = 64 * 1024;

async function readErrorBody(response: IncomingMessage): Promise<ErrorBody | undefined> {
  let text = '';
  for await (const chunk of response) {
    text += chunk;
    if (text.length > MAX_ERROR_BODY) break;
  }
  try {
    return JSON.parse(text) as ErrorBody;
  } catch {
    return undefined;
  }
}

/**
 * Opens a list's `download=csv` answer with Node's own HTTP client rather than fetch: its
 * response is a Node stream, so a slow disk or pipe pauses the socket and, through TCP, the
 * server (fetch on Node 20 kept reading into memory). Asks for the row-count trailer
 * (`TE: trailers`) that lets the caller tell a whole answer from a cut one. A refusal becomes
 * the ClientError the rest of the CLI knows (a 401 clears the stored session, as the client does).
 */
export function openCsvDownload(
  client: TractionClient,
  apiUrl: string,
  command: AnyCommand,
  input: Record<string, unknown>,
  options: { wanted: CsvWanted; signal: AbortSignal; idleTimeoutMs?: number },
): Promise<IncomingMessage> {
  // A GET list takes its filters in the query; a POST list (the spec writes some) in a JSON body.
  // A list is asked for its CSV; a command that answers a file (an export job's) is the CSV already.
  const { path, query, body } = toRequest(command, command.list ? { ...input, download: 'csv' } : input);
  const payload = body === undefined || body instanceof FormData ? undefined : JSON.stringify(body);
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { accept: 'text/csv', 'device-id': client.deviceId, te: 'trailers' };
  const token = client.store.get(STORAGE_KEYS.token);
  if (token) headers.authorization = `Bearer ${token}`;
  const prefer = [options.wanted.plain ? 'csv-plain' : '', options.wanted.keys ? 'csv-keys' : ''].filter(Boolean);
  if (prefer.length) headers.prefer = prefer.join(', ');
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const idleMs = options.idleTimeoutMs ?? EXPORT_IDLE_TIMEOUT_MS;

  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? https.request : http.request;
    let answer: IncomingMessage | undefined;
    const request = send(url, { method: command.method, headers, signal: options.signal }, (response) => {
      answer = response;
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) return resolve(response);
      readErrorBody(response).then((body) => {
        const error = new ClientError(classifyFailure(status, body), status, command.method, path, body);
        if (error.kind === 'session-expired') clearSession(client.store);
        reject(error);
      }, reject);
    });
    request.setTimeout(idleMs, () => {
      const silence = Object.assign(new Error(`nothing arrived for ${Math.round(idleMs / 1000)} seconds`), { code: 'ETIMEDOUT' });
      // Once the answer has begun, its stream carries the error to whoever reads it.
      if (answer) answer.destroy(silence);
      else request.destroy(silence);
    });
    request.on('error', (cause) => reject(options.signal.aborted ? cause : new ClientError('network', 0, command.method, path, undefined, { cause })));
    request.end(payload);
  });
}
