import type { Implementation } from '../../http/implement';

/** Implementations of this domain's commands. */
export const riskImplementations: readonly Implementation[] = [];
