import { matchSorter, matchSorterWithRankInfo, rankings, type KeyOption, type MatchSorterOptions } from 'match-sorter';
import type { PaletteEntry } from './PaletteEntry';

// Every key matches loosely (letters in order). A group or an id never ranks above "contains",
// so it cannot outrank a label that starts with the query: "audit" is the Audit Log page before
// the commands of the `audit` group. (match-sorter applies the threshold of the best-ranked key
// to the whole item, so per-key thresholds would hide label matches; hence none.)
// Labels and keywords are matched lower-cased, like the query: otherwise a keyword `document`
// is a case-sensitive equal and beats the page labelled "Document".
function keysOf(lower: ReadonlyMap<PaletteEntry, { label: string; keywords: string[] }>): readonly KeyOption<PaletteEntry>[] {
  return [
    (entry) => lower.get(entry)!.label,
    (entry) => lower.get(entry)!.keywords,
    { key: (entry) => entry.group, maxRanking: rankings.CONTAINS },
    { key: (entry) => entry.target, maxRanking: rankings.CONTAINS },
  ];
}

/** Per index: each entry's position (the tie-break) and all its text, lower-cased, for the pre-filter. */
interface Prepared {
  position: Map<PaletteEntry, number>;
  /** Equal matches: pages before commands ("document" is the Document page before "Upload a document"), then index order. */
  tieBreak: (a: PaletteEntry, b: PaletteEntry) => number;
  haystack: Map<PaletteEntry, string>;
  options: MatchSorterOptions<PaletteEntry>;
  /** Matches of recent queries: a longer query only needs to look at a shorter one's matches. */
  matches: Map<string, readonly PaletteEntry[]>;
}

const MAX_CACHED_QUERIES = 64;
const KIND_ORDER: Record<PaletteEntry['kind'], number> = { route: 0, command: 1 };
const prepared = new WeakMap<readonly PaletteEntry[], Prepared>();

function prepare(index: readonly PaletteEntry[]): Prepared {
  let found = prepared.get(index);
  if (found) return found;
  const position = new Map(index.map((entry, i) => [entry, i]));
  const tieBreak = (a: PaletteEntry, b: PaletteEntry) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || position.get(a)! - position.get(b)!;
  const haystack = new Map(index.map((entry) => [entry, [entry.label, ...entry.keywords, entry.group, entry.target].join(' ').toLowerCase()]));
  found = {
    position,
    tieBreak,
    haystack,
    matches: new Map(),
    options: {
      keys: keysOf(new Map(index.map((entry) => [entry, { label: entry.label.toLowerCase(), keywords: entry.keywords.map((word) => word.toLowerCase()) }]))),
      // Labels are the console's own (no accents to fold), and ties put pages first, then keep
      // index order, which is cheaper than match-sorter's default localeCompare and reads as the sidebar does.
      keepDiacritics: true,
      baseSort: (a, b) => tieBreak(a.item, b.item),
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

function matchesOf(index: readonly PaletteEntry[], words: readonly string[]): readonly PaletteEntry[] {
  const state = prepare(index);
  const query = words.join(' ');
  const cached = state.matches.get(query);
  if (cached) return cached;
  // A query that extends a cached one matches a subset of its matches (each word's letters
  // still have to appear in order), and ranks them the same: position is the tie-break.
  let candidates = index;
  let longest = -1;
  for (const [previous, matched] of state.matches) {
    if (previous.length > longest && query.startsWith(previous)) {
      candidates = matched;
      longest = previous.length;
    }
  }
  const plausible = candidates.filter((entry) => words.every((word) => hasInOrder(state.haystack.get(entry)!, word)));
  const matched = words.length === 1 ? matchSorter(plausible, words[0]!, state.options) : matchEveryWord(plausible, words, state);
  if (state.matches.size >= MAX_CACHED_QUERIES) state.matches.delete(state.matches.keys().next().value!);
  state.matches.set(query, matched);
  return matched;
}

/**
 * Several words must each match, in any order, and rank by the sum of their ranks: "wallet rev"
 * puts "Reverse wallet transaction" before "Approve wallet transaction".
 */
function matchEveryWord(candidates: readonly PaletteEntry[], words: readonly string[], state: Prepared): PaletteEntry[] {
  const total = new Map<PaletteEntry, number>();
  let rows = candidates;
  for (const word of words) {
    const ranked = matchSorterWithRankInfo(rows, word, { ...state.options, sorter: (items) => items });
    for (const { item, rank } of ranked) total.set(item, (total.get(item) ?? 0) + rank);
    rows = ranked.map(({ item }) => item);
  }
  return [...rows].sort((a, b) => total.get(b)! - total.get(a)! || state.tieBreak(a, b));
}

/**
 * The palette's order. Without a query: recent entries (most recent first), then everything in
 * index order. With one: the matching recent entries, then the other matches by match-sorter
 * rank. Several words must each match, in any order: "admin create" finds "Create an admin".
 */
export function rankEntries(index: readonly PaletteEntry[], query: string, recent: readonly string[]): PaletteEntry[] {
  const recency = new Map(recent.map((key, position) => [key, position]));
  const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean);
  const matched = words.length === 0 ? index : matchesOf(index, words);
  const recentMatches: PaletteEntry[] = [];
  const rest: PaletteEntry[] = [];
  for (const entry of matched) (recency.has(entry.key) ? recentMatches : rest).push(entry);
  recentMatches.sort((a, b) => recency.get(a.key)! - recency.get(b.key)!);
  return recentMatches.concat(rest);
}
