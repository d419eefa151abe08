/**
 * What KYC verifies and the identity numbers it checks: the verification types, the documents
 * people submit, the formats of Nigerian ID numbers, and how an ID number is shown in tables.
 */

export const VERIFICATION_TYPES = ['EMAIL', 'PHONE', 'DOCUMENT', 'ADDRESS', 'CORPORATE'] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

/** What every new business is opened with: its email and its phone, each awaiting confirmation. */
export const OPENING_VERIFICATIONS = ['EMAIL', 'PHONE'] as const satisfies readonly VerificationType[];

/** Documents a record may carry: identity documents, a utility bill for addresses, CAC papers for companies. */
export const KYC_DOCUMENT_TYPES = ['NIN', 'BVN', 'PASSPORT', 'DRIVERS_LICENSE', 'VOTERS_CARD', 'UTILITY_BILL', 'CAC'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/**
 * Each document type as every face names it: tables, filters, records, confirmations, results
 * and the audit log say "Driver’s licence", never DRIVERS_LICENSE or "Drivers license".
 */
export const KYC_DOCUMENT_LABELS: Readonly<Record<KycDocumentType, string>> = {
  NIN: 'NIN',
  BVN: 'BVN',
  PASSPORT: 'Passport',
  DRIVERS_LICENSE: 'Driver’s licence',
  VOTERS_CARD: 'Voter’s card',
  UTILITY_BILL: 'Utility bill',
  CAC: 'CAC',
};

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

/**
 * What normalising drops: every character JavaScript's `\s` matches (ASCII and Unicode spaces,
 * line breaks, the byte-order mark) and the hyphen-minus.
 */
export const ID_NUMBER_DROPPED_CHARACTERS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff-';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * An ID number as stored and compared: without spaces or dashes, `a`–`z` in upper case
 * (anything else is kept as it is: no locale decides). The database computes the same with
 * `idNumberNormSql`, so numbers stored as people typed them compare equal to blacklisted ones.
 */
export function normaliseIdNumber(value: string): string {
  let out = '';
  for (const char of value) {
    if (ID_NUMBER_DROPPED_CHARACTERS.includes(char)) continue;
    const lower = LOWER.indexOf(char);
    out += lower >= 0 ? UPPER[lower] : char;
  }
  return out;
}

/**
 * `normaliseIdNumber` as a PostgreSQL expression over `column`: `translate` maps `a`–`z` to
 * upper case and deletes the dropped characters (those past the end of its third argument).
 * Immutable, so it can define a generated column or an index; migration 0005 holds its text
 * for `id_number`, and a test checks the two agree.
 */
export function idNumberNormSql(column: string): string {
  const escapeForSql = (text: string) =>
    [...text].map((char) => (/[A-Za-z0-9 -]/.test(char) ? char : `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`)).join('');
  return `translate(${column}, E'${escapeForSql(LOWER + ID_NUMBER_DROPPED_CHARACTERS)}', '${UPPER}')`;
}

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
