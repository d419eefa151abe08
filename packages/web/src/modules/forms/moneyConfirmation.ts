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
 * null until the value to type is known. An optional amount or reference left empty (a payout of
 * the whole balance, a reference the server makes) is not waited for: the next one is asked.
 */
export function moneyConfirmation(command: AnyCommand, fields: readonly FormField[], input: Record<string, unknown>): MoneyConfirmation | null {
  const amount = fields.find((field) => field.kind === 'naira');
  if (amount) {
    const kobo = input[amount.name];
    if (typeof kobo === 'number' && Number.isSafeInteger(kobo)) return { what: `the ${amount.label.toLowerCase()}`, expected: formatNaira(kobo) };
    if (amount.required || kobo !== undefined) return null;
  }
  const reference = Object.keys(command.input.shape).find((name) => /reference|(^|_)ref$|Ref$/i.test(name));
  const key = reference ?? command.pathParams[0];
  if (key) {
    const value = input[key];
    if (value !== undefined && value !== '') return { what: `the ${key === reference ? 'reference' : key}`, expected: String(value) };
    const optional = !command.pathParams.includes(key) && fields.some((field) => field.name === key && !field.required);
    if (!optional) return null;
  }
  return { what: 'the word', expected: 'CONFIRM' };
}

/** Exact match; for an amount the ₦ sign may be left out (it is not on most keyboards). */
export function confirmationMatches(typed: string, expected: string): boolean {
  const value = typed.trim();
  if (value === expected) return true;
  return expected.startsWith('₦') && value.replace(/^(₦|NGN)\s*/i, '') === expected.slice(1);
}
