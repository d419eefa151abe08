/**
 * What KYC verifies and the identity numbers it checks: the verification types, the documents
 * people submit, the formats of Nigerian ID numbers, and how an ID number is shown in tables.
 */

export const VERIFICATION_TYPES = ['EMAIL', 'PHONE', 'DOCUMENT', 'ADDRESS', 'CORPORATE'] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

/** Documents a record may carry: identity documents, a utility bill for addresses, CAC papers for companies. */
export const KYC_DOCUMENT_TYPES = ['NIN', 'BVN', 'PASSPORT', 'DRIVERS_LICENSE', 'VOTERS_CARD', 'UTILITY_BILL', 'CAC'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** Identity numbers that can be blacklisted (a utility bill has none). */
export const KYC_ID_TYPES = ['NIN', 'BVN', 'PASSPORT', 'DRIVERS_LICENSE', 'VOTERS_CARD', 'CAC'] as const;
export type KycIdType = (typeof KYC_ID_TYPES)[number];

/** A CAC registration number: RC (companies), BN (business names) or IT (incorporated trustees) and up to 8 digits. */
export const RC_NUMBER_PATTERN = /^(RC|BN|IT)[ -]?\d{1,8}$/i;

const ID_FORMATS: Readonly<Record<KycIdType, { pattern: RegExp; says: string }>> = {
  NIN: { pattern: /^\d{11}$/, says: 'a NIN is 11 digits' },
  BVN: { pattern: /^\d{11}$/, says: 'a BVN is 11 digits' },
  PASSPORT: { pattern: /^[A-Z]\d{8}$/, says: 'a Nigerian passport number is a letter and 8 digits (A12345678)' },
  DRIVERS_LICENSE: { pattern: /^[A-Z]{3}[A-Z0-9]{5,15}$/, says: "a driver's licence number starts with 3 letters (LAG12345AA01)" },
  VOTERS_CARD: { pattern: /^[A-Z0-9]{16,19}$/, says: "a voter's card number (VIN) is 16 to 19 letters and digits" },
  CAC: { pattern: /^(RC|BN|IT)\d{1,8}$/, says: 'a CAC number is RC, BN or IT and up to 8 digits (RC1234567)' },
};

/** An ID number as stored and compared: upper case, without spaces or dashes. */
export const normaliseIdNumber = (value: string): string => value.replace(/[\s-]+/g, '').toUpperCase();

/** Why `idNumber` is not a valid number of `idType`, or null when it is (expects a normalised number). */
export function idNumberProblem(idType: KycIdType, idNumber: string): string | null {
  const format = ID_FORMATS[idType];
  return format.pattern.test(idNumber) ? null : `is not a valid ${idType} number: ${format.says}`;
}

/**
 * `12345678901` → `••••8901`: tables and CSV show the last 4 characters only, behind a fixed
 * run of dots so the length of the number is not shown either.
 */
export function maskIdNumber(idNumber: string | null): string | null {
  if (idNumber === null) return null;
  return idNumber.length <= 4 ? '••••' : `••••${idNumber.slice(-4)}`;
}
