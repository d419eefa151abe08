import { describe, expect, it } from 'vitest';
import { resolveDateBound } from './date-bounds';

// 23:30 UTC on the 21st is already the 22nd in Lagos (UTC+1).
const now = new Date('2026-11-21T23:30:00Z');

describe('resolveDateBound', () => {
  it.each([
    ['today', '2026-11-22'],
    ['Yesterday', '2026-11-21'],
    ['7d', '2026-11-15'],
    ['0d', '2026-11-22'],
    ['2026-11-01', '2026-11-01'],
    ['01/11/2026', '2026-11-01'],
    ['2026-11-01T08:30', '2026-11-01T08:30'],
    ['someday', 'someday'],
  ])('%s is %s', (text, bound) => expect(resolveDateBound(text, now)).toBe(bound));
});
