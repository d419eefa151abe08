import { describe, expect, it } from 'vitest';
import { humanize } from './humanize';

describe('humanize', () => {
  it.each([
    ['super_admin', 'Super admin'],
    ['PENDING', 'Pending'],
    ['PND', 'PND'],
    ['pos_credit', 'POS credit'],
    ['transfer_out', 'Transfer out'],
    ['DRIVERS_LICENSE', 'Driver’s licence'],
    ['wallets.credit', 'Wallets credit'],
  ])('%s reads as %s', (value, words) => {
    expect(humanize(value)).toBe(words);
  });
});
