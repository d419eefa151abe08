import { randomInt } from 'node:crypto';
import { OVERRIDE_CODE_DIGITS } from '@traction/core';
import { sha256 } from '../../crypto';

/** A new override code: 12 random digits (a POS keypad types digits), about 40 bits. */
export function newOverrideCode(): string {
  // randomInt takes ranges below 2^48; 10^12 is one.
  return randomInt(10 ** OVERRIDE_CODE_DIGITS)
    .toString()
    .padStart(OVERRIDE_CODE_DIGITS, '0');
}

/** What the database keeps instead of a code: the SHA-256 of its digits, in hex. */
export const hashOverrideCode = (digits: string): string => sha256(digits);
