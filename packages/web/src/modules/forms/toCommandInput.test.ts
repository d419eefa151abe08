import { describe, expect, it } from 'vitest';
import type { FormField } from './FormField';
import { initialFormValues } from './initialFormValues';
import { convertField, nairaToKobo, toCommandInput } from './toCommandInput';

const field = (kind: FormField['kind'], extra: Partial<FormField> = {}): FormField => ({ name: 'x', label: 'X', kind, required: false, ...extra });

describe('Naira fields', () => {
  it.each([
    ['1,234.50', 123_450],
    ['₦20', 2_000],
    ['NGN 7.05', 705],
    ['0.5', 50],
    ['  1000000 ', 100_000_000],
  ])('"%s" is sent as %i kobo', (typed, kobo) => {
    expect(nairaToKobo(typed)).toBe(kobo);
  });

  it.each(['1.234', '12a', '₦', '1,2,3.4.5'])('"%s" is refused with a reason', (typed) => {
    expect(() => nairaToKobo(typed)).toThrow(/Naira with at most 2 decimals/);
  });

  it('is shown back formatted from kobo', () => {
    expect(initialFormValues([field('naira', { name: 'amount' })], { amount: 123_450 })).toEqual({ amount: '1,234.50' });
    expect(initialFormValues([field('naira', { name: 'amount' })])).toEqual({ amount: '' });
  });
});

describe('date fields', () => {
  it('sends range bounds as the first and last millisecond of the day (spec §5)', () => {
    expect(convertField(field('rangeStart'), '2026-11-21')).toBe('2026-11-21T00:00:00.000');
    expect(convertField(field('rangeEnd'), '2026-11-21')).toBe('2026-11-21T23:59:59.999');
    expect(convertField(field('dateTime'), '2026-11-21T08:30')).toBe('2026-11-21T08:30:00.000');
    expect(convertField(field('day'), '2026-11-21')).toBe('2026-11-21');
    expect(convertField(field('rangeStart'), '')).toBeUndefined();
  });

  it('shows a stored bound back as its day', () => {
    expect(initialFormValues([field('rangeEnd', { name: 'to' })], { to: '2026-11-21T23:59:59.999' })).toEqual({ to: '2026-11-21' });
  });
});

describe('toCommandInput', () => {
  const fields: FormField[] = [
    { name: 'ids', label: 'IDs', kind: 'list', itemKind: 'integer', required: true },
    { name: 'role', label: 'Role', kind: 'enum', options: ['admin', 'staff'], required: false },
    { name: 'note', label: 'Note', kind: 'text', required: false },
    { name: 'limit', label: 'Limit', kind: 'integer', required: true },
    { name: 'notify', label: 'Notify', kind: 'boolean', required: false },
  ];

  it('reads lists, leaves empty optional fields out and adds the fixed values', () => {
    expect(toCommandInput(fields, { ids: '7, 8 9', role: '', note: '', limit: '20', notify: true }, { departmentId: 3 })).toEqual({
      input: { departmentId: 3, ids: [7, 8, 9], limit: 20, notify: true },
      errors: {},
    });
  });

  it('names each field it cannot read', () => {
    expect(toCommandInput(fields, { ids: '7, x', role: 'staff', note: 'hi', limit: '', notify: false }).errors).toEqual({
      ids: '"x" is not a whole number',
      limit: 'is required',
    });
  });
});
