import { describe, expect, it } from 'vitest';
import { describeValue } from './describe-value';

describe('describeValue', () => {
  it('shows amounts in kobo as Naira (zero as 0.0, spec §9) and instants in Lagos time, like the tables', () => {
    const text = describeValue({
      amountKobo: 43_443_235,
      balanceAfterKobo: 0,
      reference: 'PRO-RPS-1',
      at: '2026-11-10T07:34:48.871Z',
      items: [{ amountKobo: 150 }],
    });
    expect(text).toBe(
      ['amountKobo: ₦434,432.35', 'balanceAfterKobo: ₦0.0', 'reference: PRO-RPS-1', 'at: 2026-11-10 08:34', 'items:', '  - amountKobo: ₦1.50', ''].join('\n'),
    );
  });

  it('leaves other numbers and text alone', () => {
    expect(describeValue({ id: 43_443_235, note: '2026-11-10' })).toBe('id: 43443235\nnote: 2026-11-10\n');
  });
});
