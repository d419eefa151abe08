import { formatNaira, type AnyCommand } from '@traction/core';
import type { FormField } from './FormField';

export interface MoneyConfirmation {
  /** What the admin is asked to type, e.g. "the amount". */
  what: string;
  /** The exact text that unlocks the submit button. */
  expected: string;
}

/**
 * What a money command asks the admin to type before it sends (typed confirmation, DESIGN.md):
 * the amount formatted as Naira; without an amount, the reference; without one, the record id;
 * null until the value to type is known.
 */
export function moneyConfirmation(command: AnyCommand, fields: readonly FormField[], input: Record<string, unknown>): MoneyConfirmation | null {
  const amount = fields.find((field) => field.kind === 'naira');
  if (amount) {
    const kobo = input[amount.name];
    return typeof kobo === 'number' && Number.isSafeInteger(kobo) ? { what: `the ${amount.label.toLowerCase()}`, expected: formatNaira(kobo) } : null;
  }
  const reference = Object.keys(command.input.shape).find((name) => /reference|(^|_)ref$|Ref$/i.test(name));
  const key = reference ?? command.pathParams[0];
  if (key) {
    const value = input[key];
    return value === undefined || value === '' ? null : { what: `the ${key === reference ? 'reference' : key}`, expected: String(value) };
  }
  return { what: 'the word', expected: 'CONFIRM' };
}

/** Exact match; for an amount the ₦ sign may be left out (it is not on most keyboards). */
export function confirmationMatches(typed: string, expected: string): boolean {
  const value = typed.trim();
  if (value === expected) return true;
  return expected.startsWith('₦') && value.replace(/^(₦|NGN)\s*/i, '') === expected.slice(1);
}
