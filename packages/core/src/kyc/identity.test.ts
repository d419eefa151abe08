import { describe, expect, it } from 'vitest';
import { idNumberNormSql, idNumberProblem, maskIdNumber, normaliseIdNumber } from './identity';

describe('identity numbers', () => {
  it.each([
    ['NIN', '12345678901', null],
    ['NIN', '1234567890', /11 digits/],
    ['BVN', '2234567890A', /11 digits/],
    ['PASSPORT', 'A12345678', null],
    ['PASSPORT', '123456789', /letter and 8 digits/],
    ['DRIVERS_LICENSE', 'LAG43916AA73', null],
    ['VOTERS_CARD', '90F5123456789123456', null],
    ['CAC', 'RC1234567', null],
    ['CAC', 'XY1234567', /RC, BN or IT/],
  ] as const)('%s %s', (type, number, problem) => {
    const found = idNumberProblem(type, number);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });

  it('compares numbers without spaces, dashes or case', () => {
    expect(normaliseIdNumber(' rc-123 4567 ')).toBe('RC1234567');
    expect(normaliseIdNumber('a\u00a01234\t5678\ufeff')).toBe('A12345678');
    // only a–z change case, so PostgreSQL's translate() can do exactly the same
    expect(normaliseIdNumber('ß-ı-ä')).toBe('ßıä');
  });

  it('the SQL form drops the same characters and maps a–z to A–Z', () => {
    expect(idNumberNormSql('n')).toMatch(/^translate\(n, E'abcdefghijklmnopqrstuvwxyz\\u0009.*-', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'\)$/);
    expect(idNumberNormSql('n')).toContain('\\u00a0');
  });

  it('shows only the last 4 characters, behind a fixed run of dots', () => {
    expect(maskIdNumber('12345678901')).toBe('••••8901');
    expect(maskIdNumber('90F5123456789123456')).toBe('••••3456');
    expect(maskIdNumber('123')).toBe('••••');
    expect(maskIdNumber(null)).toBeNull();
  });
});
