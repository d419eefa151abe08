import type { QueryClient } from '@tanstack/react-query';

type Row = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How a record is told apart from others of its kind in the answers the console holds. */
const IDENTITY_KEYS = ['id', 'uid'] as const;
/** How deep into a cached answer records are looked for: a list page's rows, a detail's sections. */
const MAX_DEPTH = 4;

function identityOf(record: Row): [key: string, value: unknown] | undefined {
  for (const key of IDENTITY_KEYS) {
    const value = record[key];
    if (typeof value === 'number' || typeof value === 'string') return [key, value];
  }
  return undefined;
}

function* recordsIn(value: unknown, depth = 0): Generator<Row> {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const item of value) yield* recordsIn(item, depth + 1);
  } else if (isRecord(value)) {
    yield value;
    for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null) yield* recordsIn(inner, depth + 1);
  }
}

/**
 * The records of a command's answer (`business`, `account`, `admin`…) as the console showed them
 * before the command ran: the cached list row or detail with the same id that shares the most
 * fields with it. Read when the answer arrives, before the lists refresh, so the result can
 * show what changed. A record the console never showed has none.
 */
export function previousRecords(queryClient: QueryClient, output: unknown): Record<string, Row> {
  if (!isRecord(output)) return {};
  const found: Record<string, Row> = {};
  const cached = queryClient
    .getQueryCache()
    .getAll()
    .map((query) => query.state.data);
  for (const [name, record] of Object.entries(output)) {
    if (!isRecord(record)) continue;
    const identity = identityOf(record);
    if (!identity) continue;
    const keys = Object.keys(record);
    // Another kind of record with the same number (admin 12, business 12) shares few fields.
    const enough = Math.max(3, Math.ceil(keys.length / 3));
    let best: Row | undefined;
    let bestShared = 0;
    for (const data of cached) {
      for (const candidate of recordsIn(data)) {
        if (candidate === record || candidate[identity[0]] !== identity[1]) continue;
        const shared = keys.filter((key) => key in candidate).length;
        if (shared >= enough && shared > bestShared) {
          best = candidate;
          bestShared = shared;
        }
      }
    }
    if (best) found[name] = best;
  }
  return found;
}
