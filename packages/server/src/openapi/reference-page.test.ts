import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { REDOC_BUNDLE_PATH, REDOCLY_LOGO_URL, REFERENCE_PAGE_PATH } from './reference-page';

/** A Content-Security-Policy header as directive → sources. */
function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), sources);
  }
  return parsed;
}

/** The page's <script> elements: their attributes and what is between the tags. */
const scripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(([, attributes, body]) => ({ attributes: attributes!, body: body! }));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the API reference page', () => {
  it('is an HTML page whose only script is Redoc, loaded from our origin', async () => {
    const page = await t.request('GET', REFERENCE_PAGE_PATH);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toMatch(/<redoc [^>]*spec-url="\/openapi\.json"/);
    const found = scripts(page.text);
    expect(found).toHaveLength(1);
    const src = found[0]!.attributes.match(/\bsrc="([^"]+)"/)?.[1];
    // Same origin: a path, not a URL (nor a protocol-relative //host/ one).
    expect(src).toMatch(new RegExp(`^${REDOC_BUNDLE_PATH.replaceAll('.', '\\.')}\\?v=[0-9a-f]+$`));
    expect(found[0]!.body.trim()).toBe('');
    // No other way to run inline script: event handler attributes, javascript: URLs.
    expect(page.text).not.toMatch(/\son[a-z]+\s*=/i);
    expect(page.text).not.toMatch(/javascript:/i);
    expect(page.text).not.toMatch(/https?:\/\//);
  });

  it('serves the bundle as JavaScript, cached for good under a versioned URL, and gzipped when asked', async () => {
    const page = await t.request('GET', REFERENCE_PAGE_PATH);
    const src = page.text.match(/<script src="([^"]+)"/)![1]!;
    const bundle = await t.request('GET', src);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(bundle.headers.get('cache-control')).toContain('immutable');
    // Under another version (or none), the answer is Redoc as it is now: not to be kept.
    expect((await t.request('GET', `${REDOC_BUNDLE_PATH}?v=0123456789abcdef`)).headers.get('cache-control')).toBe('no-cache');
    expect(bundle.text.length).toBeGreaterThan(500_000);
    expect(bundle.text).toContain('spec-url');

    const gzipped = await t.app.request(src, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toContain('accept-encoding');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString('utf8')).toBe(bundle.text);
  });

  it("asks for nothing from another origin: Redocly's logo is served as an empty data: URL", async () => {
    const original = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
    // If a new Redoc no longer has it, the rewrite in reference-page.ts can go.
    expect(original).toContain(REDOCLY_LOGO_URL);
    const bundle = await t.request('GET', REDOC_BUNDLE_PATH);
    expect(bundle.text).not.toContain(REDOCLY_LOGO_URL);
  });

  it("keeps the console's policy, scripts from 'self' only, adding only blob: workers for Redoc's search", async () => {
    const page = await t.request('GET', REFERENCE_PAGE_PATH);
    const docs = directives(page.headers.get('content-security-policy'));
    expect(docs.get('script-src')).toEqual(["'self'"]);
    for (const name of ['script-src', 'default-src', 'worker-src']) {
      expect(docs.get(name) ?? [], name).not.toContain("'unsafe-eval'");
      expect(docs.get(name) ?? [], name).not.toContain("'unsafe-inline'");
    }
    expect(docs.get('worker-src')).toEqual(['blob:']);

    // Every other directive is the console's, as app.ts sets it on every other answer.
    const consolePolicy = directives((await t.request('GET', '/health')).headers.get('content-security-policy'));
    expect(consolePolicy.get('script-src')).toEqual(["'self'"]);
    expect(consolePolicy.has('worker-src')).toBe(false);
    expect(new Map([...docs].filter(([name]) => name !== 'worker-src'))).toEqual(consolePolicy);
  });

  it('sends /docs/ to /docs', async () => {
    const answer = await t.app.request(`${REFERENCE_PAGE_PATH}/`);
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(REFERENCE_PAGE_PATH);
  });
});

describe('the API reference page beside the built console', () => {
  let withConsole: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'traction-web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Traction Admin console</title>');
    withConsole = await createTestApp({ config: { webDistDir: dist } });
  });
  afterAll(async () => {
    await withConsole?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("is not taken by the console's single-page fallback", async () => {
    // The fallback is live: a console route gets the console.
    expect((await withConsole.request('GET', '/admin')).text).toContain('Traction Admin console');
    const page = await withConsole.request('GET', REFERENCE_PAGE_PATH);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<redoc ');
    const bundle = await withConsole.request('GET', REDOC_BUNDLE_PATH);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });
});
