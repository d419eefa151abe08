import { z } from 'zod';

/**
 * An amount of money in an answer: whole kobo (never Naira, never a fraction), as a JSON number
 * that JavaScript reads exactly — a safe integer, |n| ≤ 2^53 − 1 kobo (about ₦90 trillion, more
 * than the company moves in years). Negative for debits and balances below zero. The database
 * keeps money as `bigint` (read as JavaScript bigint: `db/connect.ts`); `koboFromDatabase`
 * turns it into this, refusing what would lose precision rather than rounding it.
 */
export const koboAmount = z.number().int('must be whole kobo').refine(Number.isSafeInteger, 'must be a safe integer of kobo');

/** A database `bigint` amount as `koboAmount`; throws (a 500, never a wrong number) if it cannot be exact. */
export function koboFromDatabase(value: bigint | number): number {
  const kobo = Number(value);
  if (!Number.isSafeInteger(kobo) || BigInt(kobo) !== BigInt(value)) {
    throw new RangeError(`${value} kobo cannot travel exactly as a JSON number`);
  }
  return kobo;
}
