import { KYC_DOCUMENT_LABELS } from '@traction/core';

const ACRONYMS = new Set([
  'NIN',
  'BVN',
  'PND',
  'CAC',
  'VFD',
  'KYC',
  'ID',
  'POS',
  'RC',
  'BN',
  'NGN',
  'OTP',
  'SIM',
  'MSO',
  'DSR',
  'ISA',
  'CSV',
  'TIN',
  'USSD',
  'RRN',
  'STAN',
  'TID',
  'PAN',
]);

/** `super_admin` → `Super admin`, `PENDING` → `Pending`, `DRIVERS_LICENSE` → `Driver’s licence` (core's label), `PND` → `PND`, `pos_credit` → `POS credit`. */
export function humanize(value: string): string {
  // A document type reads the same in every table, filter and result as on its record.
  const documentLabel = (KYC_DOCUMENT_LABELS as Readonly<Record<string, string>>)[value];
  if (documentLabel) return documentLabel;
  let spaced = value.replace(/[._-]+/g, ' ').trim();
  // Enum values written in capitals (`DRIVERS_LICENSE`, `PENDING`) read as words, except the
  // acronyms people know in capitals.
  if (/[A-Z]/.test(spaced) && spaced === spaced.toUpperCase()) spaced = spaced.toLowerCase();
  // In either case (`PND`, `pos_credit`) the acronyms people know stay in capitals.
  spaced = spaced
    .split(' ')
    .map((word) => (ACRONYMS.has(word.toUpperCase()) && word === word.toLowerCase() ? word.toUpperCase() : word))
    .join(' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
