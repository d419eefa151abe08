import { atom } from 'jotai';

/**
 * Export files this tab started: the ready watcher polls for them at once and toasts them even
 * when a small one is already READY by the time it first sees it.
 */
export const exportsStartedAtom = atom<ReadonlySet<number>>(new Set<number>());
exportsStartedAtom.debugLabel = 'exportsStartedAtom';
