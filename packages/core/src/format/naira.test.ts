import { describe, expect, it } from 'vitest';
import { formatNaira, parseNairaToKobo } from './naira';

describe('formatNaira', () => {
  it.each([
    [0n, '₦0.0'],
    [0, '₦0.0'],
    [1n, '₦0.01'],
    [50, '₦0.50'],
    [100n, '₦1.00'],
    [123456789n, '₦1,234,567.89'],
    [-250075n, '-₦2,500.75'],
    [100000000n, '₦1,000,000.00'],
    [9007199254740993n * 100n, '₦9,007,199,254,740,993.00'],
  ])('%s kobo is %s', (kobo, shown) => {
    expect(formatNaira(kobo)).toBe(shown);
  });

  it('uses the ISO code when asked', () => {
    expect(formatNaira(150000n, { symbol: 'NGN ' })).toBe('NGN 1,500.00');
  });

  it('refuses fractional kobo', () => {
    expect(() => formatNaira(1.5)).toThrow(RangeError);
  });
});

describe('parseNairaToKobo', () => {
  it.each([
    ['1,234.5', 123450n],
    ['₦20', 2000n],
    ['NGN 7.05', 705n],
    ['0.01', 1n],
    ['-3.10', -310n],
  ])('%s is %s kobo', (text, kobo) => {
    expect(parseNairaToKobo(text)).toBe(kobo);
  });

  it.each(['1.005', 'abc', '', '1..2'])('refuses %s', (text) => {
    expect(() => parseNairaToKobo(text)).toThrow(RangeError);
  });
});
