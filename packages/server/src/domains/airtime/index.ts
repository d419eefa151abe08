import type { Implementation } from '../../handling/implement';

/** Airtime and data rates and commissions per network, with history. */
export const airtimeImplementations: readonly Implementation[] = [];
