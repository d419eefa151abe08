import { describe, expect, it } from 'vitest';
import { isValidNuban, nuban, nubanCheckDigit } from './nuban';

describe('NUBAN', () => {
  // 0·3 + 1·7 + 1·3 + 0·3 + 0·7 + 0·3 + 0·3 + 0·7 + 1·3 + 4·3 + 5·7 + 7·3 = 81 → 10 − 1 = 9
  it('computes the CBN check digit', () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(nuban('011', '000001457')).toBe('0000014579');
    // a sum ending in 0 gives 0, not 10
    expect(nubanCheckDigit('000', '000000000')).toBe(0);
  });

  it('accepts numbers with the right check digit and refuses the rest', () => {
    const good = nuban('035', '123456789');
    expect(isValidNuban('035', good)).toBe(true);
    const wrong = `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`;
    expect(isValidNuban('035', wrong)).toBe(false);
    expect(isValidNuban('035', '12345')).toBe(false);
    expect(isValidNuban('035', '12345678a0')).toBe(false);
  });

  // Wema's code weighs 0·3 + 3·7 + 5·3 = 36 and VFD's 5·3 + 6·7 + 6·3 = 75: the sums differ by 39, never a multiple of 10.
  it('depends on the bank: a Wema number is never valid at VFD', () => {
    const serials = Array.from({ length: 50 }, (_, i) => String(100000000 + i * 7919));
    expect(serials.filter((s) => isValidNuban('566', nuban('035', s)))).toEqual([]);
  });
});
