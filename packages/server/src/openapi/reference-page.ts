import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { CONSOLE_CSP, cspHeader } from '../http/content-security';

/** The API reference: /openapi.json rendered by Redoc. */
export const REFERENCE_PAGE_PATH = '/docs';
/** Redoc's browser bundle, served from our own origin: the page works offline and under `script-src 'self'`. */
export const REDOC_BUNDLE_PATH = '/docs/redoc.standalone.js';

/**
 * The console's policy (app.ts) plus one directive, for this page only. Redoc builds its search
 * index in a web worker it starts from a `blob:` URL (its bundle inlines the worker's code), and
 * workers fall back to `script-src 'self'`, which refuses blob: URLs: without this, search finds
 * nothing and the browser reports a CSP violation. A blob: URL can only be made by script already running on this
 * origin, so allowing it for workers lets in nothing new; the console itself keeps the stricter
 * policy. Everything else is the console's, from the same definition.
 */
const REFERENCE_PAGE_CSP = cspHeader({ ...CONSOLE_CSP, workerSrc: ['blob:'] });

const SANS = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * Redoc's options, as attributes of its <redoc> element: the page has no inline script to pass them.
 * Search stays on (it needs only the worker above); the download button stays (it links /openapi.json).
 * No `show-extensions`: each operation's description already opens with its permission and danger
 * in words, and Redoc would repeat them as raw values ("permission: null" for a public call).
 */
const REDOC_ATTRIBUTES: Record<string, string> = {
  'spec-url': '/openapi.json',
  'required-props-first': 'true',
  'expand-responses': '200',
  'path-in-middle-panel': 'true',
  // The console's look (packages/web/src/app/theme.css): its system fonts (Redoc's defaults,
  // Roboto and Montserrat, are only names, never fetched, and most machines lack them) and its
  // accent-700, in hex (Redoc's colour functions cannot read oklch()).
  theme: JSON.stringify({
    colors: { primary: { main: '#00683d' } },
    typography: {
      fontFamily: SANS,
      headings: { fontFamily: SANS },
      code: { fontFamily: "ui-monospace, 'SF Mono', Menlo, Consolas, monospace" },
    },
  }),
};

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

interface RedocBundle {
  body: Uint8Array<ArrayBuffer>;
  /** A hash of the bundle, in the page's script URL: a new Redoc is a new URL, so the bundle can be cached for good. */
  version: string;
  gzipped?: Uint8Array<ArrayBuffer>;
}

/**
 * The one thing Redoc 2.5.4 fetches from elsewhere: the logo beside "API docs by Redocly" at the
 * foot of its sidebar, an <img> it always renders (no option hides it). Our CSP blocks it, and
 * Chromium logs the violation as an error; served as an empty data: URL, the image fails to decode
 * and Redoc drops it (its onError), leaving the link's words. No request leaves our origin.
 */
export const REDOCLY_LOGO_URL = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

let bundle: RedocBundle | undefined;

/** Read once, on the first request: resolved through node_modules, from src (tsx) as from the bundled dist/. */
function redocBundle(): RedocBundle {
  if (!bundle) {
    const file = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
    const body = new TextEncoder().encode(readFileSync(file, 'utf8').replaceAll(REDOCLY_LOGO_URL, 'data:,'));
    bundle = { body, version: createHash('sha256').update(body).digest('hex').slice(0, 16) };
  }
  return bundle;
}

function pageHtml(bundleVersion: string): string {
  const attributes = Object.entries(REDOC_ATTRIBUTES)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Traction Admin</title>
<style>body { margin: 0; }</style>
</head>
<body>
<redoc ${attributes}></redoc>
<script src="${REDOC_BUNDLE_PATH}?v=${bundleVersion}"></script>
</body>
</html>
`;
}

/** Serves the API reference page and Redoc's bundle. Mounted before the console's single-page fallback. */
export function mountReferencePage(app: Hono<AppEnv>): void {
  app.get(REFERENCE_PAGE_PATH, (c) =>
    c.html(pageHtml(redocBundle().version), 200, {
      'content-security-policy': REFERENCE_PAGE_CSP,
      // Small, and names the bundle's current version: asked again each time.
      'cache-control': 'no-cache',
    }),
  );
  app.get(`${REFERENCE_PAGE_PATH}/`, (c) => c.redirect(REFERENCE_PAGE_PATH, 301));
  app.get(REDOC_BUNDLE_PATH, (c) => {
    const redoc = redocBundle();
    const headers: Record<string, string> = {
      'content-type': 'text/javascript; charset=utf-8',
      // For good only under the URL the page names: the same URL serves the next Redoc after an upgrade.
      'cache-control': c.req.query('v') === redoc.version ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    // 1.1 MB as it is, about a third gzipped: compressed once, when first asked for.
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      redoc.gzipped ??= new Uint8Array(gzipSync(redoc.body));
      return c.body(redoc.gzipped, 200, { ...headers, 'content-encoding': 'gzip' });
    }
    return c.body(redoc.body, 200, headers);
  });
}
