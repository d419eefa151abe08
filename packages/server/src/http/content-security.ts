/**
 * The console's content security policy, written once: app.ts sends it with every answer, and a
 * page that needs one directive more (the API reference) sends it with that directive added.
 */
export const CONSOLE_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // blob: for document previews, fetched with the session and shown from memory
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
} satisfies Record<string, string[]>;

/** A policy as its header's value: `defaultSrc` is written `default-src`. */
export function cspHeader(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${sources.join(' ')}`)
    .join('; ');
}
