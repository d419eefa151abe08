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
    ['2026-11-01 08:30', '2026-11-01 08:30'],
  ])('%s is %s', (text, bound) => expect(resolveDateBound(text, now)).toBe(bound));

  it.each(['tomorrow', 'someday', '1/11/26'])('refuses %j, naming the flag and every form it takes', (text) => {
    expect(() => resolveDateBound(text, now, '--to')).toThrow(
      `--to: "${text}" is not a date. Type a date such as 01/10/2026 or 2026-10-01, or today, yesterday, 7d; or a date-time such as 2026-10-01T14:30 (Lagos time).`,
    );
  });
});
