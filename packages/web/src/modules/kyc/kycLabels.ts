import { KYC_DOCUMENT_LABELS, maskIdNumber, type KycDocumentType, type KycStatus, type VerificationType } from '@traction/core';
import { humanize } from '../ui/humanize';

/**
 * How KYC values read on the Verification pages: core's one label per document type, so the
 * list filters, the record, the dialogs and the override portal name a document as every other
 * screen does (`DRIVERS_LICENSE` → "Driver’s licence").
 */
export const KYC_DOCUMENT_LABEL: Readonly<Record<KycDocumentType, string>> = KYC_DOCUMENT_LABELS;

export const VERIFICATION_TYPE_LABEL: Readonly<Record<VerificationType, string>> = {
  EMAIL: 'Email',
  PHONE: 'Phone',
  DOCUMENT: 'Document',
  ADDRESS: 'Address',
  CORPORATE: 'Corporate',
};

/** A document or ID type as people say it; unknown values are humanized, null stays null. */
export function documentLabel(type: string | null | undefined): string | null {
  if (!type) return null;
  return KYC_DOCUMENT_LABEL[type as KycDocumentType] ?? humanize(type);
}

/** "Document verification", "Address verification"… */
export function verificationLabel(type: string): string {
  return `${VERIFICATION_TYPE_LABEL[type as VerificationType] ?? humanize(type)} verification`;
}

/** A status as a word: "Pending", "Disapproved". */
export const statusLabel = (status: KycStatus | string) => humanize(status);

/** "Mama Put Kitchen · Document verification · Driver’s licence": what a record is, in one line. */
export function recordSummary(record: { businessName: string; verificationType: string; documentType: string | null }): string {
  const document = documentLabel(record.documentType);
  return `${record.businessName} · ${verificationLabel(record.verificationType)}${document ? ` · ${document}` : ''}`;
}

/** An ID as confirmations show it: "NIN ••••8901" (last 4 only). */
export function maskedId(idType: string, idNumber: string): string {
  return `${documentLabel(idType)} ${maskIdNumber(idNumber)}`;
}
