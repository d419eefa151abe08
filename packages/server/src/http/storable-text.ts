import { badRequest } from '@traction/core';

/**
 * Text PostgreSQL cannot store: NUL (text and jsonb refuse it) and UTF-16 surrogates without
 * their pair (JSON and URLs can carry them; they have no UTF-8 form). Input holding either is a
 * 400 naming the field, never a database error.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** The same text with every unstorable character replaced by U+FFFD: for records of refused input. */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE_ALL, '\ufffd');
}

/** Refuses input holding text PostgreSQL cannot store, naming the field (400). */
export function assertStorableText(raw: Record<string, unknown>): void {
  const field = findUnstorableText(raw);
  if (field === null) return;
  throw badRequest(`${field} holds a NUL character or broken Unicode text`, [{ field, message: 'must not hold NUL characters or unpaired UTF-16 surrogates' }]);
}

/** The dotted path of the first string (or key) in `value` that holds unstorable text, or null. */
function findUnstorableText(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path.join('.') || 'body' : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnstorableText(value[index], [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !(typeof Blob !== 'undefined' && value instanceof Blob)) {
    for (const [key, inner] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) return [...path, storableText(key)].join('.');
      const found = findUnstorableText(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
