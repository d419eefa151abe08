/**
 * Characters a file name never needs and that can lie about it: control characters (C0, DEL,
 * C1), invisible format characters — the bidirectional overrides, embeddings, isolates and marks
 * (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) that make `invoice\u202Efdp.exe` read as
 * `invoiceexe.pdf`, zero-width spaces and joiners, the BOM — and the line and paragraph
 * separators.
 */
const UNSAFE_IN_FILE_NAMES = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * A file name safe to store and to offer in a download: the unsafe characters removed, the ends
 * trimmed, `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback = 'file'): string {
  return name.replace(UNSAFE_IN_FILE_NAMES, '').trim() || fallback;
}
