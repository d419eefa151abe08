import type { Implementation } from '../../handling/implement';
import { listSavingsWaitlistHandler } from './savings.handlers';

/** Savings (docs/decisions.md "Savings wait-list"): for now, the wait-list of people who asked for it. */
export const savingsImplementations: readonly Implementation[] = [listSavingsWaitlistHandler];
