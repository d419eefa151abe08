import { describe, expect, it } from 'vitest';
import { isRealDateTime, isSupportedYear, rangeBoundToDate, rangeEnd, rangeStart } from './date-range';

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

describe('isRealDateTime', () => {
  it.each([
    '2026-11-21',
    '2024-02-29',
    '2026-11-21T23:59',
    '2026-11-21T23:59:59.999',
    '2026-11-21T00:00:00.000Z',
    '2026-11-21T10:00+01:00',
    '2026-11-21T10:00:00+0100',
  ])('accepts %s', (value) => {
    expect(isRealDateTime(value)).toBe(true);
  });
  it.each([
    '2026-02-31',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-11-21T25:00',
    '2026-11-21T23:60',
    '2026-11-21T10:00:61',
    '2026-11-21T10:00+15:00',
    '21/11/2026',
    '',
  ])('refuses %s', (value) => {
    expect(isRealDateTime(value)).toBe(false);
  });
});

describe('isSupportedYear', () => {
  it.each(['1900-01-01', '2026-11-21T10:00', '2999-12-31T23:59:59.999'])('accepts %s', (value) => {
    expect(isSupportedYear(value)).toBe(true);
  });
  it.each(['0000-01-01', '0000-01-01T00:00', '1899-12-31', '3000-01-01', ''])('refuses %s', (value) => {
    expect(isSupportedYear(value)).toBe(false);
  });
});
