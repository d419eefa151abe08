/**
 * NUBAN, the CBN's 10-digit account number: a 9-digit serial and a check digit computed with the
 * bank's 3-digit code. Banks refuse numbers whose check digit is wrong, and so do our sandboxes.
 */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/** CBN codes of the banks that issue our virtual (fixed) accounts. */
export const FIXED_ACCOUNT_BANKS = {
  WEMA: { code: '035', name: 'Wema Bank' },
  PROVIDUS: { code: '101', name: 'Providus Bank' },
  VFD: { code: '566', name: 'VFD Microfinance Bank' },
} as const;
export type FixedAccountBank = keyof typeof FIXED_ACCOUNT_BANKS;

/** The check digit of a 9-digit serial at a bank with a 3-digit CBN code. */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  if (!/^\d{3}$/.test(bankCode)) throw new Error(`bank code must be 3 digits, got ${bankCode}`);
  if (!/^\d{9}$/.test(serial)) throw new Error(`serial must be 9 digits, got ${serial}`);
  const digits = `${bankCode}${serial}`;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i += 1) sum += Number(digits[i]) * WEIGHTS[i]!;
  const check = 10 - (sum % 10);
  return check === 10 ? 0 : check;
}

/** A full account number from a serial. */
export function nuban(bankCode: string, serial: string): string {
  return `${serial}${nubanCheckDigit(bankCode, serial)}`;
}

/** Whether a 10-digit account number is valid at the bank with this CBN code. */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}
