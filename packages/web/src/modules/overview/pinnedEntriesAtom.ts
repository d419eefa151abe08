import { atom } from 'jotai';

/** localStorage key of the entries pinned to Quick Access (palette entry keys, in pin order). */
export const PINNED_STORAGE_KEY = 'traction.pinned';

function readStored(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PINNED_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

const storedAtom = atom<readonly string[] | null>(null);

/** Pinned entries; writing a key pins it, or unpins it when already pinned. */
export const pinnedEntriesAtom = atom(
  (get) => get(storedAtom) ?? readStored(),
  (get, set, key: string) => {
    const current = get(storedAtom) ?? readStored();
    const next = current.includes(key) ? current.filter((k) => k !== key) : [...current, key];
    set(storedAtom, next);
    try {
      localStorage.setItem(PINNED_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage may be refused (private windows); pins then last for this page.
    }
  },
);
pinnedEntriesAtom.debugLabel = 'pinnedEntriesAtom';
