import { ApiError, conflict, csvFileName, forbidden, lagosDate, safeFileName, type AnyCommand, type FileAnswer, type MoneyPreview } from '@traction/core';
import type { ServerResponse } from 'node:http';
import type { Context, Hono } from 'hono';
import type { AppDeps } from '../deps';
import { writeAudit } from './audit';
import { authenticate } from './authenticate';
import {
  bigintToString,
  claimInTransaction,
  claimWithLease,
  completeIdempotencyKey,
  idempotencyRequest,
  recordRefusal,
  releaseIdempotencyKey,
  type IdempotencyClaim,
  type Replay,
} from './idempotency';
import type { AppEnv } from './app-env';
import type { HandlerContext, RequestInfo } from '../handling/handler-context';
import type { Implementation } from '../handling/implement';
import { readListPage, SPREADSHEET_CSV, streamListCsv, type CsvStyle } from '../handling/list-runner';
import { PostingJournal, previewOf, withPostingJournal } from '../domains/ledger/index';
import { readRawInput } from './read-input';
import { assertStorableText } from './storable-text';
import { validateInput } from './validate';

/** `/v1/admin/{id}/delete` → `/v1/admin/:id/delete`. */
export const toHonoPath = (path: string) => path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');

/**
 * `0` for each fixed segment of a path, `1` for each `{param}`: sorting by it puts
 * `/v1/businesses/admin/getallbusinesses` before `/v1/businesses/admin/{id}`.
 */
const specificity = (path: string) =>
  path
    .split('/')
    .map((segment) => (segment.startsWith('{') ? '1' : '0'))
    .join('');

/**
 * Mounts every implementation at its command's method and path. Hono answers with the first
 * route registered that matches, so fixed segments are mounted before parameters whatever the
 * order of the registry: a `{id}` route can never swallow a sibling's fixed path.
 */
export function mountCommands(app: Hono<AppEnv>, implementations: readonly Implementation[], deps: AppDeps): void {
  for (const implementation of bySpecificity(implementations)) {
    const { command } = implementation;
    app.on(command.method, toHonoPath(command.path), async (c) => {
      try {
        return await runCommand(c, implementation, deps);
      } finally {
        // Whatever a command changed (a sign-out, a permission, a device) applies to the next request.
        if (command.mutates) deps.sessions?.clear();
      }
    });
  }
}

/** `/v1/admin/{id}/delete` → a RegExp matching `/v1/admin/7/delete`. */
const pathPattern = (path: string) =>
  new RegExp(
    `^${path
      .split(/\{[A-Za-z_][A-Za-z0-9_]*\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}/?$`,
  );

function bySpecificity(implementations: readonly Implementation[]): Implementation[] {
  return [...implementations].sort((a, b) => {
    const left = specificity(a.command.path);
    const right = specificity(b.command.path);
    return left < right ? -1 : left > right ? 1 : 0;
  });
}

/**
 * Audits a request refused before it reached its command (a body over the size limit, refused
 * while it streams in): the command its method and path name, the admin its token names if it
 * is alive. Requests naming no command are not audited (they are 404s of no command).
 */
export function refusalAuditor(implementations: readonly Implementation[], deps: AppDeps) {
  const routes = bySpecificity(implementations).map(({ command }) => ({
    command,
    pattern: pathPattern(command.path),
  }));
  return async (c: Context<AppEnv>, error: ApiError): Promise<void> => {
    const route = routes.find((r) => r.command.method === c.req.method && r.pattern.test(c.req.path));
    if (!route?.command.mutates) return;
    const request: RequestInfo = c.get('request');
    const now = deps.clock.now();
    const auth = route.command.auth === 'admin' ? await authenticate(deps, c.req.header('authorization'), request.deviceId, now).catch(() => null) : null;
    await auditRefusal(deps, { command: route.command, actor: auth ? { id: auth.admin.id, email: auth.admin.email } : null, input: {}, request, now, error });
  };
}

/**
 * One command's request, in order: authenticate, check the permission (before the body is
 * read or validated, so a caller without it learns nothing about the input and sends no file
 * we parse), read the input, validate, claim the Idempotency-Key, run — mutating commands in a
 * transaction with their audit row and their key — and check the output against the contract
 * before it is committed and sent. Every refusal of a mutating command is audited, whichever
 * step refused it (and a 403 of any command).
 */
async function runCommand(c: Context<AppEnv>, implementation: Implementation, deps: AppDeps): Promise<Response> {
  const { command } = implementation;
  const request: RequestInfo = c.get('request');
  const now = deps.clock.now();
  let actor: { id: number; email: string } | null = null;
  /** What the caller sent, as far as it was read: what a refusal's audit row shows. */
  let attempted: unknown = {};
  const refuse = async (error: unknown): Promise<never> => {
    const forbiddenRead = error instanceof ApiError && error.status === 403;
    if (command.mutates || forbiddenRead) await auditRefusal(deps, { command, actor, input: attempted, request, now, error });
    throw error;
  };

  // Who is asking, before any body is read: a stranger's upload (up to 5 MB) is never parsed.
  const auth = command.auth === 'admin' ? await authenticate(deps, c.req.header('authorization'), request.deviceId, now).catch(refuse) : null;
  if (auth) {
    c.set('adminId', auth.admin.id);
    actor = { id: auth.admin.id, email: auth.admin.email };
  }
  if (auth && command.permission && !auth.admin.permissions.has(command.permission)) {
    // The audit row names what was attempted; a multipart body (a file) stays unread.
    if (command.mutates) attempted = await readRawInput(c, command, { forms: false }).catch(() => ({}));
    await refuse(
      forbidden(`You do not have the "${command.permission}" permission needed to ${command.title.toLowerCase()}.`, {
        reason: 'missing_permission',
        permission: command.permission,
      }),
    );
  }
  let input: Record<string, unknown>;
  let claim: IdempotencyClaim | null = null;
  // Money commands can be previewed (Prefer: dry-run) and applied only as previewed (If-Match).
  const money = command.danger === 'money' && command.mutates;
  const dryRun = money && preferences(c).has('dry-run');
  const previewed = money ? ifMatchToken(c) : null;
  // Only a preview or its application needs what the postings did (the journal costs a read per wallet).
  const journal = dryRun || previewed !== null ? new PostingJournal() : null;
  try {
    const raw = await readRawInput(c, command);
    attempted = raw;
    assertStorableText(raw);
    input = validateInput(command, raw);
    attempted = input;
    // A preview changes nothing: no key is claimed, none is needed.
    if (command.mutates && !dryRun) {
      claim = idempotencyRequest(command, c.req.header('idempotency-key'), { scope: auth ? `admin:${auth.admin.id}` : `public:${request.ip}`, input });
    }
  } catch (error) {
    return refuse(error);
  }

  // Set once a non-transactional handler's own transaction has committed its change with the audit row.
  let audited = false;
  const committed: (() => Promise<void> | void)[] = [];
  const rolledBack: (() => Promise<void> | void)[] = [];
  const ctxFor = (db: HandlerContext['db']): HandlerContext => ({
    db,
    deps,
    admin: auth?.admin ?? null,
    session: auth?.session ?? null,
    request,
    now,
    setActor: (who) => {
      actor = who;
    },
    afterCommit: (work) => void committed.push(work),
    afterRollback: (work) => void rolledBack.push(work),
    auditedTransaction: async (work) => {
      if (!command.mutates || implementation.transactional) {
        throw new Error(`${command.id} runs in the command's transaction: its audit row is written there`);
      }
      const result = await deps.db.transaction().execute(async (trx) => {
        const value = await work(trx);
        await writeAudit(trx, { command, actor, input, outcome: 'ok', request, at: now });
        return value;
      });
      audited = true;
      return result;
    },
  });

  if (implementation.list) {
    await implementation.precondition?.({ input, ctx: ctxFor(deps.db) });
    const open = implementation.list({ input, ctx: ctxFor(deps.db) });
    const list = command.list!;
    if (input.download === 'csv') {
      const style = csvStyle(c);
      return csvResponse(
        c,
        command,
        open((source) => streamListCsv(source, list.columns, style, deps.copier)),
        deps,
      );
    }
    const pageSize = Math.min((input.limit as number | undefined) ?? list.pageSize, list.pageSize);
    const page = await open((source) => readListPage(source, (input.page as number | undefined) ?? 1, pageSize, input.after as number | undefined));
    return json(c, command.output.parse(page), 200);
  }

  const handler = implementation.handler!;
  if (!command.mutates) {
    const output = command.output.parse(await handler({ input, ctx: ctxFor(deps.db) }));
    return command.answers === 'file' ? fileResponse(c, output as FileAnswer) : json(c, output, 200);
  }

  if (dryRun && journal) {
    if (!implementation.transactional) throw new Error(`${command.id} moves money outside the command's transaction: it cannot be previewed`);
    try {
      const preview = await withPostingJournal(journal, () =>
        previewInTransaction(deps, journal, async (trx) => command.output.parse(await handler({ input, ctx: ctxFor(trx) }))),
      );
      c.header('preference-applied', 'dry-run');
      return json(c, preview, 200);
    } finally {
      await settle(rolledBack, deps, request, command, 'after a preview');
    }
  }

  const replayed = (replay: Replay) => {
    c.header('idempotent-replayed', 'true');
    return json(c, replay.body, replay.status);
  };
  /** Whether this request holds the key: only then is a refusal kept as the key's answer. */
  let claimed = false;
  // The change, its audit row and its idempotent answer: one transaction unless the command opts out.
  const runAndRecord = async (db: HandlerContext['db']) => {
    const result = command.output.parse(await handler({ input, ctx: ctxFor(db) }));
    if (previewed !== null && journal && journal.token() !== previewed) {
      throw conflict('The accounts have moved since the preview, or it would now post something else: nothing was posted. Preview it again.', {
        reason: 'preview_changed',
      });
    }
    if (!audited) await writeAudit(db, { command, actor, input, output: result, outcome: 'ok', request, at: now });
    if (claim) await completeIdempotencyKey(db, claim, 200, result);
    return result;
  };
  try {
    let outcome: { replay: Replay } | { output: unknown };
    if (implementation.transactional) {
      const run = () =>
        deps.db.transaction().execute(async (trx): Promise<{ replay: Replay } | { output: unknown }> => {
          const replay = claim ? await claimInTransaction(trx, claim, now) : null;
          if (replay) return { replay };
          claimed = claim !== null;
          return { output: await runAndRecord(trx) };
        });
      outcome = journal ? await withPostingJournal(journal, run) : await run();
    } else {
      const replay = claim ? await claimWithLease(deps.db, claim, now, deps.config.idempotencyLeaseSeconds * 1000) : null;
      claimed = claim !== null && replay === null;
      outcome = replay ? { replay } : { output: await runAndRecord(deps.db) };
    }
    if ('replay' in outcome) return replayed(outcome.replay);
    await settle(committed, deps, request, command, 'after commit');
    return json(c, outcome.output, 200);
  } catch (error) {
    await settle(rolledBack, deps, request, command, 'after rollback');
    await recordFailure(deps, { command, actor, input, request, now, claim: claimed ? claim : null, error, audited });
    throw error;
  }
}

/** Thrown to roll a preview's transaction back once its answer is made. */
class PreviewRollback extends Error {
  constructor(readonly preview: MoneyPreview) {
    super('preview rolled back');
  }
}

/** Runs a money command for real inside a transaction that is always rolled back, and answers what it posted. */
async function previewInTransaction(deps: AppDeps, journal: PostingJournal, work: (trx: HandlerContext['db']) => Promise<unknown>): Promise<MoneyPreview> {
  try {
    await deps.db.transaction().execute(async (trx) => {
      const answer = await work(trx);
      throw new PreviewRollback(await previewOf(trx, journal, answer));
    });
  } catch (error) {
    if (error instanceof PreviewRollback) return error.preview;
    throw error;
  }
  throw new Error('a preview transaction committed');
}

/** The preferences a request states (RFC 7240 `Prefer`), lower-cased, without their parameters. */
function preferences(c: Context): Set<string> {
  return new Set((c.req.header('prefer') ?? '').split(',').map((token) => token.split(/[;=]/)[0]!.trim().toLowerCase()));
}

/** The preview token an `If-Match` header carries (quotes and a weak prefix tolerated), or null. */
function ifMatchToken(c: Context): string | null {
  const value = c.req.header('if-match')?.trim();
  if (!value) return null;
  return value.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}

/** Audits a request refused before its command ran (401, 403, 400, a refused Idempotency-Key). */
async function auditRefusal(
  deps: AppDeps,
  args: { command: AnyCommand; actor: { id: number; email: string } | null; input: unknown; request: RequestInfo; now: Date; error: unknown },
): Promise<void> {
  const { error } = args;
  try {
    await writeAudit(deps.db, {
      command: args.command,
      actor: args.actor,
      input: args.input,
      outcome: String(error instanceof ApiError ? error.status : 500),
      message: error instanceof ApiError ? error.message : 'Internal error',
      request: args.request,
      at: args.now,
    });
  } catch (auditError) {
    deps.logger.error({ err: auditError, requestId: args.request.id }, 'could not audit a refused request');
  }
}

/**
 * Runs a command's after-commit or after-rollback work in order. The outcome is decided by then,
 * so a failure here is logged, never turned into a failed answer for a change that stands.
 */
async function settle(work: readonly (() => Promise<void> | void)[], deps: AppDeps, request: RequestInfo, command: AnyCommand, when: string): Promise<void> {
  for (const step of work) {
    try {
      await step();
    } catch (error) {
      deps.logger.error({ err: error, requestId: request.id, command: command.id }, `work ${when} failed`);
    }
  }
}

/** After a rollback: the refusal is audited, and kept for replay when it was the caller's to fix. */
async function recordFailure(
  deps: AppDeps,
  args: {
    command: AnyCommand;
    actor: { id: number; email: string } | null;
    input: unknown;
    request: RequestInfo;
    now: Date;
    claim: IdempotencyClaim | null;
    error: unknown;
    /** The change already committed with its `ok` audit row: that row stands. */
    audited: boolean;
  },
): Promise<void> {
  const { error, claim } = args;
  const status = error instanceof ApiError ? error.status : 500;
  try {
    if (args.audited) {
      deps.logger.error({ err: error, requestId: args.request.id, command: args.command.id }, 'a command failed after its change and audit row committed');
    } else {
      await writeAudit(deps.db, {
        command: args.command,
        actor: args.actor,
        input: args.input,
        outcome: String(status),
        message: error instanceof ApiError ? error.message : 'Internal error',
        request: args.request,
        at: args.now,
      });
    }
    if (claim) {
      if (error instanceof ApiError && status < 500) await recordRefusal(deps.db, claim, status, error.toBody(), args.now);
      else await releaseIdempotencyKey(deps.db, claim);
    }
  } catch (auditError) {
    deps.logger.error({ err: auditError, requestId: args.request.id }, 'could not record a failed command');
  }
}

function json(c: Context, body: unknown, status: number): Response {
  return c.body(toJson(body), status as 200, { 'content-type': 'application/json; charset=utf-8' });
}

/**
 * An answer checked against its contract holds no bigint (money travels as numbers), so it is
 * written without a replacer, which would be called for every value of a page. A bigint left
 * (a replayed or previewed answer) makes that throw, and it is written again with one.
 */
function toJson(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (error instanceof TypeError) return JSON.stringify(body, bigintToString);
    throw error;
  }
}

/**
 * A stored file, sent so that no browser ever runs it: only the type its content was verified
 * as, never sniffed, in a sandbox with nothing allowed, and saved rather than shown unless the
 * command says inline.
 */
/** A large file's parts as the response body, each read when the client is ready for it. */
function partsStream(parts: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array<ArrayBuffer>> {
  const iterator = parts[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value as Uint8Array<ArrayBuffer>);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

function fileResponse(c: Context, file: FileAnswer): Response {
  // Whatever a handler names the file, no control or bidi character reaches the Save dialog.
  const fileName = safeFileName(file.fileName, 'download');
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const body = file.body instanceof Uint8Array ? (file.body as Uint8Array<ArrayBuffer>) : partsStream(file.body);
  return c.body(body, 200, {
    'content-type': file.contentType,
    'content-length': String(file.sizeBytes),
    'content-disposition': `${file.disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'private, no-store',
  });
}

/** The CSV preferences a client may state (RFC 7240): `Prefer: csv-plain` for programs, `csv-keys` for field names as headers. */
const CSV_PREFERENCES = ['csv-plain', 'csv-keys'] as const;

/**
 * Who the CSV is for. A browser states nothing and gets the spreadsheet file it always got; the
 * CLI asks for plain bytes when they go to a program rather than a spreadsheet.
 */
function csvStyle(c: Context): CsvStyle {
  const stated = preferences(c);
  const applied = CSV_PREFERENCES.filter((preference) => stated.has(preference));
  if (applied.length) c.header('preference-applied', applied.join(', '));
  return { spreadsheet: !stated.has('csv-plain'), header: stated.has('csv-keys') ? 'keys' : SPREADSHEET_CSV.header };
}

/**
 * The whole filtered list as CSV, streamed (chunked) while it is read. A client that sends
 * `TE: trailers` gets the number of data rows as an `X-Row-Count` trailer once the last one is
 * sent, so it can tell a complete answer from one a proxy or a dropped connection cut short: a
 * trailer changes none of the CSV's bytes, and a browser, which does not ask, gets no trailer at
 * all. Trailers need the Node response (@hono/node-server hands it over as `outgoing`); answered
 * in memory (tests through app.request) there is none, and no trailer.
 */
function csvResponse(c: Context, command: AnyCommand, chunks: AsyncGenerator<string | Uint8Array, number>, deps: AppDeps): Response {
  const encoder = new TextEncoder();
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  const countRows = Boolean(outgoing && /(^|,)\s*trailers\s*(;|,|$)/i.test(c.req.header('te') ?? ''));
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) {
          // Before close: the Node server writes trailers with the last chunk when the stream ends.
          if (countRows) outgoing!.addTrailers({ 'X-Row-Count': String(next.value) });
          controller.close();
        } else controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : next.value);
      } catch (error) {
        deps.logger.error({ err: error, command: command.id }, 'CSV export failed part-way');
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(0);
    },
  });
  const name = csvFileName(command.id, lagosDate(deps.clock.now()));
  return c.body(stream, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
    // Chunked even when the list is short: the Node server would otherwise buffer a small answer
    // and send it with a Content-Length, which leaves no place for a trailer.
    ...(countRows ? { 'transfer-encoding': 'chunked', trailer: 'X-Row-Count' } : {}),
  });
}
