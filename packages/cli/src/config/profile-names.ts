import type { ConfigData } from './config-file';

/** The profile used when none is named; it exists whether or not the file mentions it. */
export const DEFAULT_PROFILE = 'default';

/** Every profile name, the current one first. */
export function profileNames(data: Readonly<ConfigData>): string[] {
  return [...new Set([data.currentProfile ?? DEFAULT_PROFILE, DEFAULT_PROFILE, ...Object.keys(data.profiles)])];
}
