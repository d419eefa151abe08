import { describe, expect, it } from 'vitest';
import { lagosDate, lagosDateTime } from './lagos';
import { tagText } from './tags';

describe('Lagos dates', () => {
  it('is already tomorrow in Lagos from 23:00 UTC', () => {
    expect(lagosDate(new Date('2026-11-21T22:59:59.999Z'))).toBe('2026-11-21');
    expect(lagosDate(new Date('2026-11-21T23:00:00.000Z'))).toBe('2026-11-22');
  });
  it('shows instants as Lagos wall-clock time and leaves other text alone', () => {
    expect(lagosDateTime('2026-11-21T09:00:00.000Z')).toBe('2026-11-21 10:00');
    expect(lagosDateTime('not a date')).toBe('not a date');
  });
});

it('writes named tags by name and others as they are', () => {
  expect(tagText({ id: 3, name: 'Finance' })).toBe('Finance');
  expect(tagText('vip')).toBe('vip');
  expect(tagText(7)).toBe('7');
});
