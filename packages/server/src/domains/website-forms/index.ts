import type { Implementation } from '../../handling/implement';

/** The public forms (chargeback, support) and the Website Forms work queue. */
export const websiteFormImplementations: readonly Implementation[] = [];
