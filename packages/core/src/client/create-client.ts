import { ofetch, type FetchResponse } from 'ofetch';
import { buildPath, type AnyCommand, type CommandInput, type CommandOutput } from '../command';
import type { ErrorBody } from '../errors';
import { moneyPreview, type MoneyPreview } from '../schemas/money-preview';
import { ClientError } from './client-error';
import { classifyFailure } from './outcome';
import { clearSession, ensureDeviceId, STORAGE_KEYS, type KeyValueStore } from './storage';

export interface ClientOptions {
  /** Origin of the API, e.g. `http://localhost:8080`; empty for same-origin in the console. */
  baseURL: string;
  /** Keeps the token and the device id. */
  store: KeyValueStore;
  /** Told about every failure after the session has been cleared where needed. */
  onFailure?: (error: ClientError) => void;
  /** A fetch to use instead of the global one (tests, custom agents). */
  fetch?: typeof globalThis.fetch;
  /** Milliseconds before a call is abandoned. */
  timeoutMs?: number;
}

export interface CallOptions {
  /** Sent as `Idempotency-Key`; required by money and bulk commands. */
  idempotencyKey?: string;
  /** Applies a money command only as previewed: the preview's token, sent as `If-Match` (409 when the accounts moved since). */
  ifMatch?: string;
  signal?: AbortSignal;
}

/** What a call sends: the caller's options, and whether it asks for a preview. */
type SendOptions = CallOptions & { dryRun?: true };

export type CallResult<C extends AnyCommand> = { ok: true; data: CommandOutput<C> } | { ok: false; error: ClientError };

export interface TractionClient {
  /** Calls a command; throws ClientError on failure. */
  call<C extends AnyCommand>(command: C, input: CommandInput<C>, options?: CallOptions): Promise<CommandOutput<C>>;
  /** Calls a command and returns the failure instead of throwing (spec §8: helper calls). */
  attempt<C extends AnyCommand>(command: C, input: CommandInput<C>, options?: CallOptions): Promise<CallResult<C>>;
  /** What a money command would post, without posting it (`Prefer: dry-run`); throws ClientError on a refusal, as the real call would. */
  preview<C extends AnyCommand>(command: C, input: CommandInput<C>, options?: Omit<CallOptions, 'idempotencyKey' | 'ifMatch'>): Promise<MoneyPreview>;
  /** Streams a list command's CSV export (`download=csv`), or the file of a command that answers one (`answers: 'file'`). */
  download<C extends AnyCommand>(command: C, input: CommandInput<C>, options?: CallOptions): Promise<Response>;
  /** The device id sent with every call. */
  readonly deviceId: string;
  readonly store: KeyValueStore;
}

const hasFile = (value: unknown) => typeof Blob !== 'undefined' && (value instanceof Blob || (Array.isArray(value) && value.some((v) => v instanceof Blob)));

/** Splits an input into the path, the query and the body the command's HTTP shape calls for. */
export function toRequest(command: AnyCommand, input: Record<string, unknown>) {
  const path = buildPath(command, input);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!command.pathParams.includes(key) && value !== undefined) rest[key] = value;
  }
  const inQuery = command.method === 'GET' || command.method === 'DELETE';
  if (inQuery) {
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(rest)) {
      query[key] = Array.isArray(value) ? value.join(',') : String(value);
    }
    return { path, query, body: undefined };
  }
  if (Object.values(rest).some(hasFile)) {
    const form = new FormData();
    for (const [key, value] of Object.entries(rest)) {
      if (value instanceof Blob) form.append(key, value);
      else if (Array.isArray(value)) for (const v of value) form.append(key, v instanceof Blob ? v : String(v));
      else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    return { path, query: undefined, body: form };
  }
  return { path, query: undefined, body: rest };
}

export function createClient(options: ClientOptions): TractionClient {
  const { store } = options;
  const deviceId = ensureDeviceId(store);
  // ofetch takes the fetch implementation as a global option (create's second argument); among
  // the request defaults it would be silently ignored.
  const api = ofetch.create(
    {
      baseURL: options.baseURL,
      retry: 0,
      timeout: options.timeoutMs ?? 120_000,
      ignoreResponseError: true,
    },
    options.fetch ? { fetch: options.fetch } : {},
  );

  function headers(call?: SendOptions): Record<string, string> {
    const out: Record<string, string> = { 'device-id': deviceId, accept: 'application/json' };
    const token = store.get(STORAGE_KEYS.token);
    if (token) out.authorization = `Bearer ${token}`;
    if (call?.idempotencyKey) out['idempotency-key'] = call.idempotencyKey;
    if (call?.ifMatch) out['if-match'] = `"${call.ifMatch}"`;
    if (call?.dryRun) out.prefer = 'dry-run';
    return out;
  }

  function fail(command: AnyCommand, path: string, status: number, body: ErrorBody | undefined, cause?: unknown): ClientError {
    // A public command (sign-in, password set) answering 401 means wrong credentials, not an
    // expired session: the session already stored must survive a mistyped password.
    const kind = classifyFailure(status, body);
    const error = new ClientError(kind === 'session-expired' && command.auth === 'public' ? 'rejected' : kind, status, command.method, path, body, { cause });
    if (error.kind === 'session-expired') clearSession(store);
    options.onFailure?.(error);
    return error;
  }

  async function send<C extends AnyCommand>(
    command: C,
    input: CommandInput<C>,
    call: SendOptions | undefined,
    responseType: 'json' | 'stream',
  ): Promise<FetchResponse<unknown>> {
    const { path, query, body } = toRequest(command, input as Record<string, unknown>);
    try {
      return await api.raw(path, {
        method: command.method,
        headers: headers(call),
        ...(query ? { query } : {}),
        ...(body !== undefined ? { body } : {}),
        responseType,
        ...(call?.signal ? { signal: call.signal } : {}),
      });
    } catch (cause) {
      throw fail(command, path, 0, undefined, cause);
    }
  }

  async function call<C extends AnyCommand>(command: C, input: CommandInput<C>, opts?: SendOptions) {
    const response = await send(command, input, opts, 'json');
    if (!response.ok) {
      throw fail(command, new URL(response.url).pathname, response.status, response._data as ErrorBody | undefined);
    }
    return response._data as CommandOutput<C>;
  }

  return {
    deviceId,
    store,
    call,
    async preview(command, input, opts) {
      if (command.danger !== 'money') throw new TypeError(`${command.id} moves no money: there is nothing to preview`);
      return moneyPreview.parse(await call(command, input, { ...opts, dryRun: true }));
    },
    async attempt(command, input, opts) {
      try {
        return { ok: true, data: await call(command, input, opts) };
      } catch (error) {
        if (error instanceof ClientError) return { ok: false, error };
        throw error;
      }
    },
    async download(command, input, opts) {
      const asked = command.answers === 'file' ? input : ({ ...(input as object), download: 'csv' } as CommandInput<typeof command>);
      const response = await send(command, asked, opts, 'stream');
      if (!response.ok) {
        const text = await new Response(response.body).text();
        let body: ErrorBody | undefined;
        try {
          body = JSON.parse(text) as ErrorBody;
        } catch {
          body = undefined;
        }
        throw fail(command, new URL(response.url).pathname, response.status, body);
      }
      return response;
    },
  };
}
