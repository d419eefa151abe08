import { describe, expect, it } from 'vitest';
import { chargeFor } from './pricing';

describe('chargeFor', () => {
  const card = { percentBps: 50, flatKobo: 0n, capKobo: 10_000n };
  it('takes the percentage, rounding half up', () => {
    expect(chargeFor(card, 100_000n)).toBe(500n);
    expect(chargeFor(card, 101n)).toBe(1n);
    expect(chargeFor(card, 99n)).toBe(0n);
  });
  it('caps the charge', () => {
    expect(chargeFor(card, 5_000_000n)).toBe(10_000n);
  });
  it('adds the flat fee before the cap, and never charges more than the payment', () => {
    const flat = { percentBps: 10, flatKobo: 2_500n, capKobo: 5_000n };
    expect(chargeFor(flat, 1_000_000n)).toBe(3_500n);
    expect(chargeFor(flat, 10_000_000n)).toBe(5_000n);
    expect(chargeFor(flat, 1_000n)).toBe(1_000n);
  });
  it('charges nothing on a channel the band does not price', () => {
    expect(chargeFor(undefined, 1_000_000n)).toBe(0n);
  });
});
