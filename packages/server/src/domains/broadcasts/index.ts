import type { Implementation } from '../../handling/implement';

/** Broadcasts by email and SMS to an audience of merchants, sent as jobs. */
export const broadcastImplementations: readonly Implementation[] = [];
