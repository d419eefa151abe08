/**
 * Signed-in sessions as last read, kept for a moment so a burst of requests (a page, its count,
 * the palette's lookups) does not read the same session row each time. Every command that changes
 * anything empties it once done (`clear`), so in this process a sign-out, a revoked device or a
 * changed permission applies to the very next request; another server process on the same
 * database sees such a change within `ttlMs` (docs/decisions.md "Session checks").
 */
export class SessionCache<Row> {
  private readonly entries = new Map<string, { row: Row; until: number }>();

  constructor(private readonly ttlMs: number) {}

  get(token: string): Row | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (performance.now() >= entry.until) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.row;
  }

  set(token: string, row: Row): void {
    if (this.ttlMs <= 0) return;
    // Bounded: a flood of distinct tokens empties it rather than growing it.
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(token, { row, until: performance.now() + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}

const MAX_ENTRIES = 10_000;
