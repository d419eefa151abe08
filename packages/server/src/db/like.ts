/** Escapes `%`, `_` and `\` so user text matches literally inside a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%`, with the text matched literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** `text%`, with the text matched literally: a prefix search that a `text_pattern_ops` index serves. */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;

/**
 * A case-insensitive prefix search, `lower(column) like <this>`: the text lower-cased, then
 * matched literally. Served by the `lower(column) text_pattern_ops` indexes.
 */
export const lowerPrefixPattern = (text: string) => prefixPattern(text.toLowerCase());
