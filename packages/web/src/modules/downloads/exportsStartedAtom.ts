import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { checkedJsonStorage } from '../ui/checkedJsonStorage';

/** Files awaited at most: the oldest are forgotten (an export never announced, say its tab closed for a week). */
const KEEP = 50;

const isIds = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => Number.isInteger(id));
// A value edited by hand, or an older shape, reads as nothing awaited rather than breaking the shell.
const storage = checkedJsonStorage(isIds);

/** localStorage key of the export files this browser started and has not yet said are ready. */
export const EXPORTS_AWAITED_KEY = 'traction.exports.awaited';

const awaited = atomWithStorage<number[]>(EXPORTS_AWAITED_KEY, [], storage, { getOnInit: true });

type Update = ReadonlySet<number> | ((current: ReadonlySet<number>) => ReadonlySet<number>);

/**
 * Export files started from this browser and not yet announced: the ready watcher polls for them
 * at once and toasts each one when it is ready, even when it finished before the watcher first saw
 * it — after a reload, in another tab, or while the server was restarting. Kept in localStorage so
 * a reload does not forget them; an announced file is taken off.
 */
export const exportsStartedAtom = atom(
  (get): ReadonlySet<number> => new Set(get(awaited)),
  (get, set, update: Update) => {
    const next = typeof update === 'function' ? update(new Set(get(awaited))) : update;
    set(awaited, [...next].slice(-KEEP));
  },
);
exportsStartedAtom.debugLabel = 'exportsStartedAtom';
