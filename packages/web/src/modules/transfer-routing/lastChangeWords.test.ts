import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../ui/formatDateTime';
import { lastChangeWords } from './lastChangeWords';

const at = '2026-11-21T09:20:00.000Z';

describe('lastChangeWords', () => {
  it.each([
    ['a setting never changed', { reason: null, changedAt: null, changedBy: null }, 'The default'],
    [
      'a change with its admin',
      { reason: 'Providus maintenance', changedAt: at, changedBy: 'ada@traction.ng' },
      `Providus maintenance · ${formatDateTime(at)} by ada@traction.ng`,
    ],
    ['a change whose admin is gone', { reason: 'Outage', changedAt: at, changedBy: null }, `Outage · ${formatDateTime(at)}`],
  ])('says %s', (_, setting, words) => {
    expect(lastChangeWords(setting, 'The default')).toBe(words);
  });
});
