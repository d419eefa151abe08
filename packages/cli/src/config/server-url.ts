import { usageError } from '../errors';

/** Names of this machine: a server on one of them is the same server on the others. */
const LOOPBACK = new Set(['localhost', 'localhost.', '127.0.0.1', '[::1]']);

/**
 * A server address as typed (`--api-url`, `TRACTION_API_URL`, `profiles use --api-url`) in one
 * spelling: scheme and host in lower case, no default port, no trailing slash, no query. Fails
 * with exit 2 when it is not an http(s) URL; `source` names where it came from.
 */
export function normaliseServerUrl(text: string, source: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw usageError(`${source} "${text}" is not a URL (e.g. https://admin.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError(`${source} must be an http or https URL, not "${text}"`);
  // URL already lower-cases the scheme and host and drops :80 for http and :443 for https.
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/**
 * What decides whether two addresses reach the same server, so a session kept for one is used
 * under the other: the normalised URL, with localhost, 127.0.0.1 and ::1 counted as one host.
 */
export function serverKey(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return text.trim();
  }
  const host = LOOPBACK.has(url.hostname) ? 'loopback' : url.hostname;
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}${url.pathname.replace(/\/+$/, '')}`;
}

/** Whether two addresses reach the same server (see `serverKey`). */
export const sameServer = (a: string, b: string): boolean => serverKey(a) === serverKey(b);
