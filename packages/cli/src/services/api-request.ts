import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { registry, type AnyCommand, type ErrorBody } from '@traction/core';
import { ClientError, classifyFailure, clearSession, STORAGE_KEYS, type TractionClient } from '@traction/core/client';
import { CliError, interrupted, usageError } from '../errors';
import { note, type Io, type Output } from '../io';
import { withSink } from '../output/emit';
import { parseFields, parseHeader, queryPairs } from './api-fields';
import { matchRoute, pathOnly } from './api-route';
import { confirmDanger } from './confirm-danger';
import { callWithSession, openSession, requireSignedIn, type GlobalOptions } from './session';

/** What `traction api` was asked, as parsed from its command line. */
export interface ApiRequest {
  /** The method typed (positional or -X), if any. */
  method?: string;
  path: string;
  /** `-f key=value`. */
  rawFields: readonly string[];
  /** `-F key=value`. */
  typedFields: readonly string[];
  /** `-H 'Name: value'`. */
  headers: readonly string[];
  /** `--input FILE` (`-` for standard input). */
  input?: string;
  include: boolean;
  paginate: boolean;
  raw: boolean;
  idempotencyKey?: string;
  globals: GlobalOptions;
}

/** Methods that carry their fields in the query string. */
const QUERY_METHODS = new Set(['GET', 'DELETE', 'HEAD']);
/** Milliseconds to wait for an answer to start, as the client other commands use waits. */
const ANSWER_TIMEOUT_MS = 120_000;

/** An answer that was not a success, kept to say what the server said. */
interface Failure {
  status: number;
  statusText: string;
  head: string;
  body: ErrorBody | undefined;
  text: string;
}

/** `HTTP/1.1 200 OK` and the headers, as `-i` prints them (and curl -i, gh api -i). */
function headOf(response: Response): string {
  const lines = [`HTTP/1.1 ${response.status} ${response.statusText}`];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') lines.push(`${name}: ${value}`);
  });
  for (const cookie of response.headers.getSetCookie()) lines.push(`set-cookie: ${cookie}`);
  return `${lines.join('\n')}\n\n`;
}

/** What the server refused with, readably: its message, then each field, row or other detail on a line. */
function failureText(failure: Failure): string {
  const { body } = failure;
  if (!body || typeof body.message !== 'string') {
    const text = failure.text.trim();
    return `HTTP ${failure.status} ${failure.statusText}${text ? `: ${text.length > 500 ? `${text.slice(0, 500)}…` : text}` : ''}`;
  }
  const lines = [`${body.message} (HTTP ${failure.status})`];
  const details = (body.details ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(details)) {
    if (key === 'fields' && Array.isArray(value)) {
      for (const issue of value as { field?: unknown; message?: unknown }[]) lines.push(`  ${String(issue.field)}: ${String(issue.message)}`);
    } else if (key === 'problems' && Array.isArray(value)) {
      for (const problem of (value as { row?: unknown; field?: unknown; message?: unknown }[]).slice(0, 50))
        lines.push(`  row ${String(problem.row)}, ${String(problem.field)}: ${String(problem.message)}`);
      if (value.length > 50) lines.push(`  … and ${value.length - 50} more`);
    } else lines.push(`  ${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return lines.join('\n');
}

/** `@path` and `--input` read files relative to the working folder; `-` is standard input, which can be read once. */
function fileReader(io: Io) {
  let stdinTaken = false;
  return async (source: string, what: string): Promise<string> => {
    if (source === '-') {
      if (stdinTaken) throw usageError(`${what}: standard input is already read by another argument`);
      stdinTaken = true;
      const chunks: Buffer[] = [];
      for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
      return Buffer.concat(chunks).toString('utf8');
    }
    try {
      return await readFile(resolve(io.cwd, source), 'utf8');
    } catch (error) {
      throw usageError(`${what}: Cannot read ${source}: ${(error as Error).message}`);
    }
  };
}

/**
 * The method when none is typed: the path's own when the document gives it only one (a list's
 * filters as `-f` fields stay a GET), else gh's rule: POST with fields or a body, GET without.
 */
function defaultMethod(commands: readonly AnyCommand[], path: string, sendsSomething: boolean): string {
  const match = matchRoute(commands, '', path);
  if (!match.found && match.reason === 'method' && match.methods.length === 1) return match.methods[0]!;
  return sendsSomething ? 'POST' : 'GET';
}

/** Why the document has no such operation, and what it does have near it. */
function notInDocument(method: string, path: string, match: Exclude<ReturnType<typeof matchRoute>, { found: true }>, defaulted: boolean): CliError {
  const raw = 'Pass --raw to send it anyway.';
  if (match.reason === 'method') {
    const why =
      defaulted && method === 'POST' && match.methods.includes('GET')
        ? ` (POST because fields were given: \`traction api GET ${pathOnly(path)} -f …\` sends them in the query string)`
        : '';
    return usageError(
      `${method} ${pathOnly(path)} is not in the API${why}: ${match.paths.join(', ')} takes ${match.methods.join(', ')}${match.methods.length === 1 ? ' only' : ''}. ${raw}`,
    );
  }
  const nearest = match.nearest.length ? ` Nearest: ${match.nearest.join(', ')}.` : ' The paths are in /openapi.json and each command\'s --help ("Sends …").';
  return usageError(`${pathOnly(path)} is not a path of the API.${nearest} ${raw}`);
}

/** The page envelope every list answers with (core's listOutput). */
interface Page {
  items: unknown[];
  total?: number;
  hasMore?: boolean;
  next?: number | null;
}
const isPage = (value: unknown): value is Page => typeof value === 'object' && value !== null && Array.isArray((value as Page).items);

/** A target with `after` set to the next page's cursor and `page` left out: the next page by cursor, as `--all` reads. */
function nextPageTarget(target: string, after: number): string {
  const at = target.indexOf('?');
  const params = new URLSearchParams(at === -1 ? '' : target.slice(at + 1));
  params.delete('page');
  params.set('after', String(after));
  return `${at === -1 ? target : target.slice(0, at)}?${params}`;
}

/**
 * `traction api`: one request to the server with the profile's session, checked against the API
 * document first (the registry: one path per command) unless `--raw`; fields into the query
 * string or a JSON body; the answer printed as it came (JSON pretty-printed).
 */
export async function runApiRequest(io: Io, request: ApiRequest): Promise<void> {
  const { globals } = request;
  if (globals.csv) throw usageError('traction api prints the answer as the server sends it: ask a list for CSV with -f download=csv');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(request.path))
    throw usageError(`traction api takes a path (/v1/admin/list-admins), not a URL: the server is the profile's (--api-url or TRACTION_API_URL for another)`);
  const path = request.path.startsWith('/') ? request.path : `/${request.path}`;

  const read = fileReader(io);
  const fields = await parseFields(
    [...request.rawFields.map((text) => ({ text, typed: false })), ...request.typedFields.map((text) => ({ text, typed: true }))],
    (source) => read(source, '-F'),
  );
  const hasFields = Object.keys(fields).length > 0;
  const inputText = request.input === undefined ? undefined : await read(request.input, '--input');

  const method = (request.method ?? defaultMethod(registry as readonly AnyCommand[], path, hasFields || inputText !== undefined)).toUpperCase();
  if (!/^[A-Z]+$/.test(method)) throw usageError(`"${request.method}" is not an HTTP method (GET, POST, PUT, PATCH, DELETE)`);
  const match = matchRoute(registry as readonly AnyCommand[], method, path);
  if (!match.found && !request.raw) throw notInDocument(method, path, match, request.method === undefined);
  const command = match.found ? match.command : undefined;
  if (request.paginate && !command?.list)
    throw usageError(
      `--paginate follows the pages of a list; ${method} ${pathOnly(path)} is ${command ? `${command.id}, not a list` : 'not an operation of the API'}`,
    );

  // With --input the body is the file, and fields go into the query string, as gh does.
  const inQuery = QUERY_METHODS.has(method) || inputText !== undefined;
  if (inputText !== undefined && QUERY_METHODS.has(method)) throw usageError(`${method} takes no body: --input needs POST, PUT or PATCH`);
  let jsonBody: Record<string, unknown> | undefined;
  // --raw sends the file as it is, unless --paginate must set its cursor in it.
  if (inputText !== undefined && (!request.raw || request.paginate)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(inputText);
    } catch (error) {
      throw usageError(`--input ${request.input}: not JSON (${(error as Error).message}); --raw sends it as it is`);
    }
    if (request.paginate) {
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw usageError('--paginate needs --input to be a JSON object');
      jsonBody = parsed as Record<string, unknown>;
    }
  } else if (!inQuery && hasFields) jsonBody = fields;
  const pairs = inQuery ? queryPairs(fields) : [];
  let target = pairs.length ? `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(pairs)}` : path;
  let body: string | undefined = jsonBody ? JSON.stringify(jsonBody) : inputText;

  const headers = request.headers.map(parseHeader);
  const keyHeaders = headers.filter(([name]) => name.toLowerCase() === 'idempotency-key').map(([, value]) => value);
  if (request.idempotencyKey && keyHeaders.some((value) => value !== request.idempotencyKey))
    throw usageError('--idempotency-key and -H Idempotency-Key name different keys: give one');
  let key = request.idempotencyKey ?? keyHeaders[0];
  const madeKey = !key && command?.idempotency === 'required';
  if (madeKey) key = `cli-${randomUUID()}`;

  if (command && command.danger !== 'none') {
    const shown = jsonBody ?? (inputText !== undefined ? undefined : fields);
    await confirmDanger(io, command, {
      yes: globals.yes,
      question: `${command.title}? (${method} ${pathOnly(path)})`,
      details: shown
        ? Object.entries(shown)
            .filter(([name]) => !command.secrets.includes(name))
            .map(([name, value]) => `  ${name}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
        : [`  body: ${request.input === '-' ? 'standard input' : request.input}`],
      invocation: `traction api ${method} ${pathOnly(path)}`,
    });
  }

  const session = openSession(io, globals);
  if (command && command.auth === 'admin') await requireSignedIn(session);
  // The key is what makes a repeat safe: a run whose answer was lost is repeated with it. Said once
  // the request is going out, not for a run refused before anything was sent.
  if (madeKey) note(io, `Idempotency-Key: ${key} (to repeat this call safely, pass --idempotency-key ${key})`);

  await withSink(io, globals.out, async (sink) => {
    let failure: Failure | undefined;
    const send = async (client: TractionClient): Promise<Response> => {
      failure = undefined;
      const sent = new Headers({ 'device-id': client.deviceId, accept: 'application/json' });
      const token = client.store.get(STORAGE_KEYS.token);
      if (token) sent.set('authorization', `Bearer ${token}`);
      if (body !== undefined) sent.set('content-type', 'application/json');
      if (key) sent.set('idempotency-key', key);
      const given = new Set<string>();
      for (const [name, value] of headers) {
        // The first -H of a name replaces the default; more of the same name add to it.
        if (given.has(name.toLowerCase())) sent.append(name, value);
        else sent.set(name, value);
        given.add(name.toLowerCase());
      }
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)), ANSWER_TIMEOUT_MS);
      let response: Response;
      try {
        response = await fetch(`${session.apiUrl}${target}`, {
          method,
          headers: sent,
          ...(body !== undefined ? { body } : {}),
          signal: AbortSignal.any([io.signal, timeout.signal]),
        });
      } catch (cause) {
        if (io.signal.aborted) throw interrupted();
        throw new ClientError('network', 0, method, pathOnly(target), undefined, { cause: timeout.signal.aborted ? timeout.signal.reason : cause });
      } finally {
        clearTimeout(timer);
      }
      if (response.ok) return response;
      const text = await response.text();
      let parsed: ErrorBody | undefined;
      try {
        parsed = JSON.parse(text) as ErrorBody;
      } catch {
        parsed = undefined;
      }
      failure = { status: response.status, statusText: response.statusText, head: headOf(response), body: parsed, text };
      // As the client every other command uses: a public command's 401 is a refusal, any other ends the session.
      const kind = classifyFailure(response.status, parsed);
      const error = new ClientError(
        kind === 'session-expired' && command?.auth === 'public' ? 'rejected' : kind,
        response.status,
        method,
        pathOnly(target),
        parsed,
      );
      if (error.kind === 'session-expired') clearSession(client.store);
      throw error;
    };
    const call = async (): Promise<Response> => {
      try {
        return await callWithSession(session, send);
      } catch (error) {
        if (failure && request.include) sink.write(failure.head);
        // Exit codes and sign-in hints as every command has them (toCliError); the refusal itself said in full.
        const cause = error instanceof CliError ? error.cause : undefined;
        if (failure && cause instanceof ClientError && !['session-expired', 'device-not-recognized'].includes(cause.kind)) {
          throw new CliError(failureText(failure), error instanceof CliError ? error.exitCode : undefined, { cause });
        }
        throw error;
      }
    };

    const first = await call();
    if (request.include) sink.write(headOf(first));
    const isJson = /\bjson\b/i.test(first.headers.get('content-type') ?? '');
    if (!isJson) {
      // CSV, a file: the bytes as they come.
      if (first.body) await pipeline(Readable.fromWeb(first.body as WebReadableStream<Uint8Array>), sink, { end: sink !== io.stdout });
      return;
    }
    const text = await first.text();
    if (text.trim() === '') return;
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      sink.write(text);
      return;
    }
    if (request.paginate && isPage(answer)) {
      const items = [...answer.items];
      let last: Page = answer;
      while (last.hasMore && last.next != null) {
        if (io.signal.aborted) throw interrupted();
        if (inQuery) target = nextPageTarget(target, last.next);
        else {
          const { page: _page, ...rest } = jsonBody ?? {};
          jsonBody = { ...rest, after: last.next };
          body = JSON.stringify(jsonBody);
        }
        const response = await call();
        if (request.include) sink.write(headOf(response));
        const page: unknown = await response.json();
        if (!isPage(page)) throw new CliError(`${method} ${pathOnly(target)} answered something other than a page of rows`);
        items.push(...page.items);
        last = page;
      }
      answer = { ...answer, items, ...(last.total !== undefined ? { total: last.total } : {}), hasMore: false, next: null };
    }
    writeJson(sink, answer);
  });
}

function writeJson(sink: Output, value: unknown): void {
  sink.write(`${JSON.stringify(value, null, 2)}\n`);
}
