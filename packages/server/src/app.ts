import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { sql } from 'kysely';
import {
  ApiError,
  createStaffCode,
  createUpload,
  formatByteSize,
  MAX_BULK_TRANSFER_FILE_BYTES,
  MAX_TERMINAL_UPLOAD_BYTES,
  STAFF_PHOTO_MAX_BYTES,
  submitChargeback,
  uploadBulkTransfers,
  uploadTerminalIds,
  uploadTerminalStock,
  type FieldIssue,
} from '@traction/core';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps } from './deps';
import { implementations } from './handlers';
import type { AppEnv } from './http/app-env';
import { CONSOLE_CSP } from './http/content-security';
import { isDirectLoopbackRequest } from './http/loopback';
import { mountCommands, refusalAuditor } from './http/mount-commands';
import { errorHandler } from './middleware/error-handler';
import { requestContext } from './middleware/request-context';
import { openApiJson } from './openapi/openapi';
import { mountReferencePage } from './openapi/reference-page';
import { SandboxEmailProvider } from './providers/email/sandbox-email';

// /ft/v1/: the spec's second fund-transfer backend (bulk uploads, sweeps).
const API_PREFIXES = ['/v1/', '/v2/', '/api/', '/ft/'];
const isApiPath = (path: string) => API_PREFIXES.some((prefix) => path.startsWith(prefix));
/** Hono's default value, sent only where it means something (see `servedOverHttps`). */
const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * Over HTTPS: the request's own URL, or the proxy's word for it when we trust the proxy. Browsers
 * ignore HSTS over plain HTTP, and a header promising HTTPS on a plain-HTTP deployment misleads.
 */
function servedOverHttps(c: Context<AppEnv>, trustProxy: boolean): boolean {
  // The URL is absolute and its scheme lower-case: no need to parse it (on every request).
  if (c.req.url.startsWith('https:')) return true;
  return trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * A 413 is answered before the body is read: the connection cannot carry another request (the
 * rest of the body is still on its way), so the answer says so. The server then lingers to
 * discard what still arrives (start-server.ts), so the client reads the answer before the close.
 */
async function tooLarge(
  c: Context<AppEnv>,
  audit: (c: Context<AppEnv>, error: ApiError) => Promise<void>,
  message: string,
  fields?: FieldIssue[],
): Promise<Response> {
  const error = new ApiError(413, message, fields ? { fields } : undefined);
  // Refused before its command ran, audited all the same.
  await audit(c, error);
  return c.json(error.toBody(), 413, { connection: 'close' });
}

/** Builds the HTTP app from its dependencies. Nothing global: tests build one per database. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(deps));
  app.use(requestContext(deps));
  app.use(
    secureHeaders({
      contentSecurityPolicy: CONSOLE_CSP,
      // A response that sets its own (a served upload's `sandbox` policy) keeps it.
      overwrite: false,
      strictTransportSecurity: false,
    }),
  );
  // Signed-in answers carry personal data and sometimes live secrets (a merchant's password
  // link): no cache, shared or private, keeps them. Errors included; an answer that chose its
  // own policy (a file, a CSV) keeps it.
  app.use(async (c, next) => {
    await next();
    if (servedOverHttps(c, deps.config.trustProxy)) c.res.headers.set('strict-transport-security', HSTS);
    if (isApiPath(c.req.path) && !c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
  });
  const auditRefusal = refusalAuditor(implementations, deps);
  const jsonLimit = bodyLimit({
    maxSize: deps.config.maxBodyBytes,
    onError: (c) => tooLarge(c, auditRefusal, `The request body is larger than ${deps.config.maxBodyBytes} bytes`),
  });
  // Commands that take a file have their own limit each: the file's plus room for the multipart
  // framing. The handler checks the file's exact size; this stops a huge body before it is read.
  const fileLimits = new Map<string, number>([
    [createUpload.path, deps.config.uploadMaxBytes],
    // The public chargeback form's evidence: checked as KYC uploads are.
    [submitChargeback.path, deps.config.uploadMaxBytes],
    // A staff member's photo (1 MB): the handler names the field `photo` in its own refusals.
    [createStaffCode.path, STAFF_PHOTO_MAX_BYTES],
    // A bulk transfer file: CSV or XLSX of up to 10,000 rows.
    [uploadBulkTransfers.path, MAX_BULK_TRANSFER_FILE_BYTES],
    [uploadTerminalStock.path, MAX_TERMINAL_UPLOAD_BYTES],
    [uploadTerminalIds.path, MAX_TERMINAL_UPLOAD_BYTES],
  ]);
  for (const prefix of API_PREFIXES) {
    // A GET or HEAD has no body to limit (the Node adapter hands none over, and none is read), and
    // asking for it would build the whole WHATWG Request on every read: the costliest step of a list call.
    app.use(`${prefix}*`, (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || fileLimits.has(c.req.path) ? next() : jsonLimit(c, next)));
  }
  for (const [path, maxBytes] of fileLimits) {
    app.use(
      path,
      bodyLimit({
        maxSize: maxBytes + 64 * 1024,
        onError: (c) =>
          tooLarge(c, auditRefusal, `The file is larger than the ${formatByteSize(maxBytes)} limit`, [
            { field: 'file', message: `must be at most ${formatByteSize(maxBytes)}` },
          ]),
      }),
    );
  }

  app.get('/health', async (c) => {
    try {
      await sql`select 1`.execute(deps.db);
      return c.json({ status: 'ok', database: 'ok' });
    } catch {
      return c.json({ status: 'degraded', database: 'unreachable' }, 503);
    }
  });
  app.get('/openapi.json', (c) => c.body(openApiJson(), 200, { 'content-type': 'application/json; charset=UTF-8' }));
  mountReferencePage(app);

  // The sandbox's mailbox holds live device codes and invitation and reset links: it lets a
  // developer and the benchmarks read them, from this machine only, straight to the socket (no
  // proxy in between). Anyone else, and every server with a real mailer, gets the same 404 as for
  // a path that does not exist (docs/decisions.md, "Sandbox providers and the mailbox").
  app.get('/sandbox/mailbox', (c) => {
    const email = deps.providers.email;
    if (!(email instanceof SandboxEmailProvider) || !isDirectLoopbackRequest(c)) return c.notFound();
    const to = c.req.query('to');
    return c.json(
      {
        items: email
          .mailbox(to ?? undefined)
          .slice(-50)
          .reverse(),
      },
      200,
      { 'cache-control': 'no-store' },
    );
  });

  mountCommands(app, implementations, deps);

  const dist = deps.config.webDistDir;
  if (dist && existsSync(join(dist, 'index.html'))) {
    const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
    const root = relative(process.cwd(), dist) || '.';
    app.use('/assets/*', serveStatic({ root, onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable') }));
    app.use('*', async (c, next) => (isApiPath(c.req.path) ? next() : serveStatic({ root })(c, next)));
    // Every other GET is a console route: the single-page app decides what to show.
    app.get('*', (c, next) => (isApiPath(c.req.path) ? next() : c.html(indexHtml)));
  }
  app.notFound((c) => c.json({ code: '404', message: `No such endpoint: ${c.req.method} ${c.req.path}` }, 404));
  return app;
}
