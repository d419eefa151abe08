import { describe, expect, it } from 'vitest';
import { koboAmount, koboFromDatabase } from './money';

describe('koboAmount', () => {
  it.each([0, 1, -250_00, Number.MAX_SAFE_INTEGER])('accepts %s', (value) => {
    expect(koboAmount.safeParse(value).success).toBe(true);
  });
  it.each([1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, '100'])('refuses %s', (value) => {
    expect(koboAmount.safeParse(value).success).toBe(false);
  });
});

describe('koboFromDatabase', () => {
  it('reads a bigint exactly', () => {
    expect(koboFromDatabase(123_456_789_00n)).toBe(12_345_678_900);
    expect(koboFromDatabase(-5n)).toBe(-5);
  });
  it('refuses what a JSON number cannot hold exactly', () => {
    expect(() => koboFromDatabase(2n ** 53n)).toThrow(RangeError);
  });
});
