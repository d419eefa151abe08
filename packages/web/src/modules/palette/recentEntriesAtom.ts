import { atom } from 'jotai';
import { MAX_RECENT, rememberEntry } from './rememberEntry';

/** localStorage key of the palette's recent entries (entry keys, most recent first). */
export const RECENT_STORAGE_KEY = 'traction.palette.recent';

function readStored(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENT_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

// null until first read, so the stored list is read when the palette first needs it.
const storedAtom = atom<readonly string[] | null>(null);
storedAtom.debugLabel = 'recentEntriesStoredAtom';

/** The palette's recently used entries; writing an entry key moves it to the front and stores the list. */
export const recentEntriesAtom = atom(
  (get) => get(storedAtom) ?? readStored(),
  (get, set, key: string) => {
    const next = rememberEntry(get(storedAtom) ?? readStored(), key);
    set(storedAtom, next);
    try {
      localStorage.setItem(RECENT_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Private windows may refuse storage; the list still lives for this page.
    }
  },
);
recentEntriesAtom.debugLabel = 'recentEntriesAtom';
