/**
 * The Nigerian banks transfers can reach: each with the CBN's 3-digit code (what a NUBAN's check
 * digit is computed with, banks/nuban.ts, and what our transfer commands take as `bankCode`) and
 * the NIBSS institution code NIP messages name the bank by.
 *
 * Only institutions with a 3-digit CBN code are listed. Left out on purpose:
 * - fintech microfinance banks (Kuda 090267, Moniepoint 090405): the CBN gave them 5-digit codes
 *   (50211, 50515), and their check digit is computed, per the CBN's revised NUBAN standard of
 *   2020, over a 6-digit code ('9' and the 5 digits), which our 3-digit checks cannot make;
 * - mobile-money operators (OPay 100004, PalmPay 100033): their account numbers are the holder's
 *   phone number, with no NUBAN check digit at all;
 * - Heritage Bank (030, 000020): the CBN revoked its licence in June 2024.
 * Adding them needs a bank code of 5 digits and a check of the revised kind, not a change here alone.
 */
export interface NigerianBank {
  /** The bank's name as statements and NIP name it. */
  name: string;
  /** A short name for tables and selects. */
  shortName: string;
  /** The CBN's 3-digit bank code: the NUBAN check digit's key and our `bankCode`. */
  cbnCode: string;
  /** The 6-digit NIBSS institution code of NIP messages. */
  nipCode: string;
}

export const NIGERIAN_BANKS: readonly NigerianBank[] = [
  { name: 'Access Bank', shortName: 'Access', cbnCode: '044', nipCode: '000014' },
  { name: 'Citibank Nigeria', shortName: 'Citibank', cbnCode: '023', nipCode: '000009' },
  { name: 'Ecobank Nigeria', shortName: 'Ecobank', cbnCode: '050', nipCode: '000010' },
  { name: 'Fidelity Bank', shortName: 'Fidelity', cbnCode: '070', nipCode: '000007' },
  { name: 'First Bank of Nigeria', shortName: 'First Bank', cbnCode: '011', nipCode: '000016' },
  { name: 'First City Monument Bank', shortName: 'FCMB', cbnCode: '214', nipCode: '000003' },
  { name: 'Globus Bank', shortName: 'Globus', cbnCode: '103', nipCode: '000027' },
  { name: 'Guaranty Trust Bank', shortName: 'GTBank', cbnCode: '058', nipCode: '000013' },
  { name: 'Jaiz Bank', shortName: 'Jaiz', cbnCode: '301', nipCode: '000006' },
  { name: 'Keystone Bank', shortName: 'Keystone', cbnCode: '082', nipCode: '000002' },
  { name: 'Lotus Bank', shortName: 'Lotus', cbnCode: '303', nipCode: '000029' },
  { name: 'Polaris Bank', shortName: 'Polaris', cbnCode: '076', nipCode: '000008' },
  { name: 'Providus Bank', shortName: 'Providus', cbnCode: '101', nipCode: '000023' },
  { name: 'Stanbic IBTC Bank', shortName: 'Stanbic IBTC', cbnCode: '221', nipCode: '000012' },
  { name: 'Standard Chartered Bank', shortName: 'Standard Chartered', cbnCode: '068', nipCode: '000021' },
  { name: 'Sterling Bank', shortName: 'Sterling', cbnCode: '232', nipCode: '000001' },
  { name: 'SunTrust Bank', shortName: 'SunTrust', cbnCode: '100', nipCode: '000022' },
  { name: 'TAJBank', shortName: 'TAJBank', cbnCode: '302', nipCode: '000026' },
  { name: 'Titan Trust Bank', shortName: 'Titan Trust', cbnCode: '102', nipCode: '000025' },
  { name: 'Union Bank of Nigeria', shortName: 'Union', cbnCode: '032', nipCode: '000018' },
  { name: 'United Bank for Africa', shortName: 'UBA', cbnCode: '033', nipCode: '000004' },
  { name: 'Unity Bank', shortName: 'Unity', cbnCode: '215', nipCode: '000011' },
  // A microfinance bank with a 3-digit CBN code from before the 2020 standard; NIP codes it as an MFB.
  { name: 'VFD Microfinance Bank', shortName: 'VFD', cbnCode: '566', nipCode: '090110' },
  { name: 'Wema Bank', shortName: 'Wema', cbnCode: '035', nipCode: '000017' },
  { name: 'Zenith Bank', shortName: 'Zenith', cbnCode: '057', nipCode: '000015' },
];

const byCbnCode = new Map(NIGERIAN_BANKS.map((bank) => [bank.cbnCode, bank]));
const byNipCode = new Map(NIGERIAN_BANKS.map((bank) => [bank.nipCode, bank]));

/** The bank with this 3-digit CBN code, or undefined. */
export const bankByCbnCode = (code: string): NigerianBank | undefined => byCbnCode.get(code);

/** The bank with this 6-digit NIBSS institution code, or undefined. */
export const bankByNipCode = (code: string): NigerianBank | undefined => byNipCode.get(code);
