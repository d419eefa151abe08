/** How many recently used entries the palette keeps. */
export const MAX_RECENT = 20;

/** `key` moved to the front of the recent list, without duplicates, at most MAX_RECENT long. */
export function rememberEntry(recent: readonly string[], key: string): string[] {
  return [key, ...recent.filter((item) => item !== key)].slice(0, MAX_RECENT);
}
