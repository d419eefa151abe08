/** The entry to run: the current bundle, rebuilt first if stale; undefined if it cannot be built here. */
export function ensureBuilt(): Promise<string | undefined>;
/** Builds a new bundle and returns its entry file. */
export function build(): Promise<string>;
/** The bundle's entry when no source changed since it was built. */
export function freshEntry(): string | undefined;
