import { describe, expect, it } from 'vitest';
import { describeLagosDay, formatDayAsTyped, parseDateInput } from './date-input';

// 23:30 UTC on the 21st is already the 22nd in Lagos (UTC+1).
const now = new Date('2026-11-21T23:30:00Z');

describe('parseDateInput', () => {
  it.each([
    ['01/10/2026', '2026-10-01'],
    ['1/10/2026', '2026-10-01'],
    ['31.12.2026', '2026-12-31'],
    ['29-02-2028', '2028-02-29'],
    [' 2026-10-01 ', '2026-10-01'],
    ['2026-1-5', '2026-01-05'],
    ['today', '2026-11-22'],
    ['Yesterday', '2026-11-21'],
    ['7d', '2026-11-15'],
    ['7 D', '2026-11-15'],
    ['0d', '2026-11-22'],
    ['01/01/1900', '1900-01-01'],
    ['31/12/2999', '2999-12-31'],
  ])('reads %s as %s (a Lagos day)', (typed, day) => expect(parseDateInput(typed, now)).toEqual({ ok: true, day }));

  it('reads the day first, as Nigerians write dates', () => {
    expect(parseDateInput('02/03/2026', now)).toEqual({ ok: true, day: '2026-03-02' });
  });

  it.each([
    ['31/02/2026', 'is not a real date'],
    ['2026-13-01', 'is not a real date'],
    ['00/10/2026', 'is not a real date'],
    ['29/02/2026', 'is not a real date'],
  ])('refuses %s, a day that does not exist', (typed, message) => {
    const result = parseDateInput(typed, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it.each(['31/12/1899', '01/01/3000', '0000-01-01', '9999-12-31'])('refuses %s, outside the years 1900 to 2999', (typed) => {
    const result = parseDateInput(typed, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/between 1900 and 2999/);
  });

  it.each(['', '   ', 'someday', '01/10/26', '2026-10-01T08:30', '1/10', 'tomorrow', '-7d', '12345d'])('refuses %j and says what to type', (typed) => {
    const result = parseDateInput(typed, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain('01/10/2026');
  });
});

describe('showing a day', () => {
  it('writes it day first', () => expect(formatDayAsTyped('2026-10-01')).toBe('01/10/2026'));

  it('spells it out, naming today and yesterday in Lagos', () => {
    expect(describeLagosDay('2026-10-01', now)).toBe('Thu 1 Oct 2026');
    expect(describeLagosDay('2026-11-22', now)).toBe('Sun 22 Nov 2026, today');
    expect(describeLagosDay('2026-11-21', now)).toBe('Sat 21 Nov 2026, yesterday');
  });
});
