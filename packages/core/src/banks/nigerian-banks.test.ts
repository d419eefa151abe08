import { describe, expect, it } from 'vitest';
import { bankByCbnCode, bankByNipCode, NIGERIAN_BANKS } from './nigerian-banks';
import { FIXED_ACCOUNT_BANKS, isValidNuban, nuban } from './nuban';

describe('Nigerian banks', () => {
  it('gives every bank a 3-digit CBN code and a 6-digit NIP code, each unique', () => {
    expect(NIGERIAN_BANKS.length).toBeGreaterThanOrEqual(25);
    for (const bank of NIGERIAN_BANKS) {
      expect(bank.cbnCode, bank.name).toMatch(/^\d{3}$/);
      expect(bank.nipCode, bank.name).toMatch(/^\d{6}$/);
    }
    expect(new Set(NIGERIAN_BANKS.map((bank) => bank.cbnCode)).size).toBe(NIGERIAN_BANKS.length);
    expect(new Set(NIGERIAN_BANKS.map((bank) => bank.nipCode)).size).toBe(NIGERIAN_BANKS.length);
    expect(new Set(NIGERIAN_BANKS.map((bank) => bank.shortName)).size).toBe(NIGERIAN_BANKS.length);
  });

  it.each([
    ['058', '000013', 'GTBank'],
    ['044', '000014', 'Access'],
    ['566', '090110', 'VFD'],
    ['101', '000023', 'Providus'],
  ])('finds %s and %s as %s', (cbn, nip, shortName) => {
    expect(bankByCbnCode(cbn)?.shortName).toBe(shortName);
    expect(bankByNipCode(nip)?.shortName).toBe(shortName);
  });

  it('knows nothing of codes it does not hold', () => {
    expect(bankByCbnCode('999')).toBeUndefined();
    expect(bankByCbnCode('000013')).toBeUndefined();
    expect(bankByNipCode('058')).toBeUndefined();
  });

  it('holds the banks of our own floats under the codes our fixed accounts use', () => {
    for (const { code } of Object.values(FIXED_ACCOUNT_BANKS)) expect(bankByCbnCode(code)).toBeDefined();
  });

  it('keys the NUBAN check: a GTBank number is not an Access number', () => {
    const gtbank = nuban(bankByCbnCode('058')!.cbnCode, '012345678');
    expect(isValidNuban('058', gtbank)).toBe(true);
    expect(isValidNuban('044', gtbank)).toBe(false);
  });
});
