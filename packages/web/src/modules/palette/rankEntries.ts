import { matchSorterWithRankInfo, rankings, type KeyOption, type MatchSorterOptions } from 'match-sorter';
import type { PaletteEntry } from './PaletteEntry';

// Words in titles rank first: a keyword, a group or an id never ranks above "a word of the label
// starts with it", so "merch" is the Merchants page before every command that lists merchant
// among its keywords, and "audit" is the Audit Log before the commands of the `audit` group.
// Every key still matches loosely (letters in order). (match-sorter applies the threshold of the
// best-ranked key to the whole item, so per-key thresholds would hide label matches; hence none.)
// Labels and keywords are matched lower-cased, like the query: otherwise a keyword `document`
// is a case-sensitive equal and beats the page labelled "Document".
function keysOf(lower: ReadonlyMap<PaletteEntry, { label: string; keywords: string[] }>): readonly KeyOption<PaletteEntry>[] {
  return [
    (entry) => lower.get(entry)!.label,
    { key: (entry) => lower.get(entry)!.keywords, maxRanking: rankings.CONTAINS },
    { key: (entry) => entry.group, maxRanking: rankings.ACRONYM },
    { key: (entry) => entry.target, maxRanking: rankings.ACRONYM },
  ];
}

/** An entry that matched, with how well (the sum of its words' match-sorter ranks). */
interface Match {
  entry: PaletteEntry;
  rank: number;
}

/** Per index: each entry's position (the tie-break) and all its text, lower-cased, for the pre-filter. */
interface Prepared {
  /** Equal matches: the selection's actions, then pages ("document" is the Document page before "Upload a document"), then index order. */
  tieBreak: (a: PaletteEntry, b: PaletteEntry) => number;
  haystack: Map<PaletteEntry, string>;
  options: MatchSorterOptions<PaletteEntry>;
  /** Matches of recent queries: a longer query only needs to look at a shorter one's matches. */
  matches: Map<string, readonly Match[]>;
}

const MAX_CACHED_QUERIES = 64;
const KIND_ORDER: Record<PaletteEntry['kind'], number> = { selection: 0, route: 1, command: 2, action: 3 };
const prepared = new WeakMap<readonly PaletteEntry[], Prepared>();

function prepare(index: readonly PaletteEntry[]): Prepared {
  let found = prepared.get(index);
  if (found) return found;
  const position = new Map(index.map((entry, i) => [entry, i]));
  const tieBreak = (a: PaletteEntry, b: PaletteEntry) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || position.get(a)! - position.get(b)!;
  const haystack = new Map(index.map((entry) => [entry, [entry.label, ...entry.keywords, entry.group, entry.target].join(' ').toLowerCase()]));
  found = {
    tieBreak,
    haystack,
    matches: new Map(),
    options: {
      keys: keysOf(new Map(index.map((entry) => [entry, { label: entry.label.toLowerCase(), keywords: entry.keywords.map((word) => word.toLowerCase()) }]))),
      // Labels are the console's own (no accents to fold), and ties put pages first, then keep
      // index order, which is cheaper than match-sorter's default localeCompare and reads as the sidebar does.
      keepDiacritics: true,
      baseSort: (a, b) => tieBreak(a.item, b.item),
      sorter: (items) => items,
    },
  };
  prepared.set(index, found);
  return found;
}

/** Whether the letters of `word` occur in order in `text`: what every match-sorter ranking needs. */
function hasInOrder(text: string, word: string): boolean {
  let at = 0;
  for (let i = 0; i < word.length; i++) {
    at = text.indexOf(word[i]!, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/**
 * Several words must each match, in any order, and rank by the sum of their ranks: "wallet rev"
 * puts "Reverse wallet transaction" before "Approve wallet transaction".
 */
function matchesOf(index: readonly PaletteEntry[], words: readonly string[]): readonly Match[] {
  const state = prepare(index);
  const query = words.join(' ');
  const cached = state.matches.get(query);
  if (cached) return cached;
  // A query that extends a cached one matches a subset of its matches (each word's letters
  // still have to appear in order).
  let candidates: readonly PaletteEntry[] = index;
  let longest = -1;
  for (const [previous, matched] of state.matches) {
    if (previous.length > longest && query.startsWith(previous)) {
      candidates = matched.map((match) => match.entry);
      longest = previous.length;
    }
  }
  let rows = candidates.filter((entry) => words.every((word) => hasInOrder(state.haystack.get(entry)!, word)));
  const total = new Map<PaletteEntry, number>();
  for (const word of words) {
    const ranked = matchSorterWithRankInfo(rows, word, state.options);
    for (const { item, rank } of ranked) total.set(item, (total.get(item) ?? 0) + rank);
    rows = ranked.map(({ item }) => item);
  }
  const matched = rows.map((entry) => ({ entry, rank: total.get(entry)! })).sort((a, b) => b.rank - a.rank || state.tieBreak(a.entry, b.entry));
  if (state.matches.size >= MAX_CACHED_QUERIES) state.matches.delete(state.matches.keys().next().value!);
  state.matches.set(query, matched);
  return matched;
}

/**
 * The palette's order. Without a query: recent entries (most recent first), then everything in
 * index order. With one: by how well the words match, titles before keywords, groups and ids;
 * among equally good matches, recent entries first, then the selection's actions, pages and
 * commands. Several words must each match, in any order: "admin create" finds "Create an admin".
 */
export function rankEntries(index: readonly PaletteEntry[], query: string, recent: readonly string[]): PaletteEntry[] {
  const recency = new Map(recent.map((key, position) => [key, position]));
  const recencyOf = (entry: PaletteEntry) => recency.get(entry.key) ?? recent.length;
  const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    const recentEntries = index.filter((entry) => recency.has(entry.key)).sort((a, b) => recencyOf(a) - recencyOf(b));
    return recentEntries.concat(index.filter((entry) => !recency.has(entry.key)));
  }
  const matched = matchesOf(index, words);
  if (recency.size === 0) return matched.map((match) => match.entry);
  // Stable: equal ranks and recency keep the tie-break order matchesOf gave them.
  return [...matched].sort((a, b) => b.rank - a.rank || recencyOf(a.entry) - recencyOf(b.entry)).map((match) => match.entry);
}
