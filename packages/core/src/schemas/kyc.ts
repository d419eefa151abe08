import { z } from 'zod';
import { KYC_DOCUMENT_TYPES, KYC_ID_TYPES, VERIFICATION_TYPES } from '../kyc/identity';
import { KYC_REVIEW_STATUSES, KYC_STATUSES } from '../kyc/kyc-status';
import { adminRef } from './business';
import { timestamp } from './common';

export const verificationTypeField = z.enum(VERIFICATION_TYPES);
export const kycStatusField = z.enum(KYC_STATUSES);
export const kycReviewStatusField = z.enum(KYC_REVIEW_STATUSES);
export const kycDocumentTypeField = z.enum(KYC_DOCUMENT_TYPES);
export const kycIdTypeField = z.enum(KYC_ID_TYPES);

/**
 * One value or a comma list of an enum's values (`EMAIL,PHONE`), as the spec's query strings
 * send them; case and spaces do not matter. Parsed to the list of values.
 */
export function commaListField<const T extends readonly [string, ...string[]]>(values: T) {
  const allowed = new Set<string>(values);
  return z
    .string()
    .trim()
    .max(200)
    .transform((text, ctx) => {
      const items = [
        ...new Set(
          text
            .split(',')
            .map((item) => item.trim().toUpperCase())
            .filter(Boolean),
        ),
      ];
      const unknown = items.filter((item) => !allowed.has(item));
      if (items.length === 0 || unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be one or a comma list of ${values.join(', ')}${unknown.length ? ` (not ${unknown.join(', ')})` : ''}`,
        });
        return z.NEVER;
      }
      return items as T[number][];
    });
}

/** A file someone uploaded; its bytes come from `uploads.get`. */
export const uploadInfo = z.object({
  id: z.number().int(),
  originalName: z.string(),
  /** The type its content was recognised as: image/jpeg, image/png or application/pdf. */
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** Hex SHA-256 of the bytes, to tell identical files apart. */
  sha256: z.string(),
  businessId: z.number().int().nullable(),
  uploadedBy: adminRef.nullable(),
  createdAt: timestamp,
});
export type UploadInfo = z.infer<typeof uploadInfo>;

/** A document attached to a KYC record. */
export const kycDocument = uploadInfo.extend({ label: z.string() });

/** A row of the KYC lists. The ID number shows its last 4 characters only (the detail page has it whole). */
export const kycListRow = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  verificationType: verificationTypeField,
  documentType: z.string().nullable(),
  /** Masked: `••••8901`. */
  idNumber: z.string().nullable(),
  /** The email, phone number or address being verified. */
  detail: z.string().nullable(),
  status: kycStatusField,
  submittedAt: timestamp,
  reviewedBy: z.string().nullable(),
  reviewedAt: timestamp.nullable(),
});
export type KycListRow = z.infer<typeof kycListRow>;

/** A KYC record in full. */
export const kycRecord = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  verificationType: verificationTypeField,
  documentType: z.string().nullable(),
  idNumber: z.string().nullable(),
  detail: z.string().nullable(),
  status: kycStatusField,
  /** The reviewer's reason for the current status. */
  comment: z.string().nullable(),
  reviewedBy: adminRef.nullable(),
  reviewedAt: timestamp.nullable(),
  submittedAt: timestamp,
  updatedAt: timestamp,
});
export type KycRecord = z.infer<typeof kycRecord>;

/** One status change of a record. */
export const kycEvent = z.object({
  id: z.number().int(),
  fromStatus: kycStatusField.nullable(),
  toStatus: kycStatusField,
  comment: z.string().nullable(),
  admin: adminRef.nullable(),
  at: timestamp,
});
export type KycEvent = z.infer<typeof kycEvent>;

/** What KYC knows about a business. */
export const kycBusiness = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** CAC registration number, once corporate verification has been submitted. */
  rcNumber: z.string().nullable(),
  /** Exempt from KYC altogether. */
  kycExempt: z.boolean(),
  /** Exempt from the BVN check only. */
  bvnExempt: z.boolean(),
  kycOverrideBy: adminRef.nullable(),
  kycOverrideAt: timestamp.nullable(),
  isFraud: z.boolean(),
});
export type KycBusiness = z.infer<typeof kycBusiness>;

/** An identity number that may never be verified again. */
export const kycBlacklistEntry = z.object({
  id: z.number().int(),
  idType: z.string(),
  idNumber: z.string(),
  note: z.string(),
  /** The record it was found on. */
  kycId: z.number().int().nullable(),
  businessId: z.number().int().nullable(),
  businessName: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: timestamp,
});
export type KycBlacklistEntry = z.infer<typeof kycBlacklistEntry>;
