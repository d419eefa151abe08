import { atom } from 'jotai';
import type { ReviewQueue } from './ReviewQueue';

/**
 * The queue the reviewer is walking, and the record it was chosen for or moved to. Moving along
 * the queue (j, k, a decision) carries it to the next record, whatever page opens it next (the
 * record page, the reject page).
 */
export const reviewQueuePinAtom = atom<{ recordId: number; queue: ReviewQueue } | null>(null);
reviewQueuePinAtom.debugLabel = 'reviewQueuePinAtom';
