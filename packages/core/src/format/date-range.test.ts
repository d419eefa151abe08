import { describe, expect, it } from 'vitest';
import { rangeBoundToDate, rangeEnd, rangeStart } from './date-range';

describe('range bounds', () => {
  it('gives the start of a minute the :00.000 suffix', () => {
    expect(rangeStart('2026-11-21', '08:30')).toBe('2026-11-21T08:30:00.000');
    expect(rangeStart('2026-11-21')).toBe('2026-11-21T00:00:00.000');
  });

  it('gives the end of a minute the :59.999 suffix', () => {
    expect(rangeEnd('2026-11-21', '17:45')).toBe('2026-11-21T17:45:59.999');
    expect(rangeEnd('2026-11-21')).toBe('2026-11-21T23:59:59.999');
  });

  it('refuses malformed dates and times', () => {
    expect(() => rangeStart('21/11/2026')).toThrow(RangeError);
    expect(() => rangeEnd('2026-11-21', '5pm')).toThrow(RangeError);
  });

  it('reads bounds without an offset as Lagos time', () => {
    expect(rangeBoundToDate('2026-11-21T00:00:00.000', 'start').toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(rangeBoundToDate('2026-11-21', 'end').toISOString()).toBe('2026-11-21T22:59:59.999Z');
    expect(rangeBoundToDate('2026-11-21T10:00:00Z', 'start').toISOString()).toBe('2026-11-21T10:00:00.000Z');
  });
});
