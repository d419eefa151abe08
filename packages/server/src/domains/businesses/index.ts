import type { Implementation } from '../../http/implement';

/** Implementations of this domain's commands. */
export const businessImplementations: readonly Implementation[] = [];
