/** Escapes `%`, `_` and `\` so user text matches literally inside a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%`, with the text matched literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
