import type { Implementation } from '../../handling/implement';

/** The email-marketing list: contact uploads and the sync of merchant owners. */
export const marketingImplementations: readonly Implementation[] = [];
