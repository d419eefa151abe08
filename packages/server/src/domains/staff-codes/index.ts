import type { Implementation } from '../../handling/implement';

/** Staff referral codes, and the public check that a visiting officer is real staff. */
export const staffCodeImplementations: readonly Implementation[] = [];
