import { z } from 'zod';
import { defineCommand } from '../../command';
import { said } from '../audit/audit-description';
import { KYC_DOCUMENT_TYPES, VERIFICATION_TYPES } from '../../kyc/identity';
import { KYC_STATUSES, kycStatusNeedsComment } from '../../kyc/kyc-status';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { dateTimeParam, idField, searchField, textField } from '../../schemas/common';
import {
  commaListField,
  kycBlacklistEntry,
  kycBusiness,
  kycDocument,
  kycEvent,
  kycListRow,
  kycRecord,
  kycReviewStatusField,
  kycStatusField,
  verificationTypeField,
} from '../../schemas/kyc';

export const listKyc = defineCommand({
  id: 'kyc.list',
  group: 'kyc',
  action: 'list',
  title: 'List KYC verifications',
  description:
    'KYC records of every business, newest first (pending and processing: oldest submission first, as a queue), by type, status, submission date, business name and document type.',
  keywords: ['verification', 'kyc', 'documents', 'review queue', 'pending', 'processing'],
  method: 'GET',
  path: '/v1/kyc/kyc-info',
  permission: 'kyc.view',
  input: z.object({
    ...listPaging,
    /** Business name prefix. */
    business_name: searchField.optional(),
    /** One type or a comma list: `EMAIL,PHONE`, `DOCUMENT`, `ADDRESS`, `CORPORATE`. */
    verificationType: commaListField(VERIFICATION_TYPES).meta({ label: 'Verification type' }).optional(),
    /** `ALL`, or one status. */
    status: z.enum(['ALL', ...KYC_STATUSES]).default('ALL'),
    /** One document type or a comma list (`NIN,BVN`). */
    documentTypes: commaListField(KYC_DOCUMENT_TYPES).meta({ label: 'Document types' }).optional(),
    /** Submitted on or after. */
    start_date: dateTimeParam.optional(),
    /** Submitted on or before. */
    end_date: dateTimeParam.optional(),
  }),
  output: listOutput(kycListRow),
  list: {
    route: '/all-verification',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'business_name',
    dateRange: { from: 'start_date', to: 'end_date' },
    detailRoute: '/all-verification/{id}',
    csv: true,
    columns: [
      { key: 'id', label: 'ID', kind: 'id' },
      { key: 'businessName', label: 'Business', kind: 'text' },
      { key: 'verificationType', label: 'Type', kind: 'enum' },
      { key: 'documentType', label: 'Document', kind: 'enum' },
      { key: 'idNumber', label: 'ID number', kind: 'text' },
      { key: 'detail', label: 'Details', kind: 'text' },
      { key: 'status', label: 'Status', kind: 'enum', priority: 'high' },
      { key: 'submittedAt', label: 'Submitted', kind: 'datetime' },
      { key: 'reviewedBy', label: 'Reviewed by', kind: 'text' },
      { key: 'reviewedAt', label: 'Reviewed', kind: 'datetime' },
    ],
  },
  example: 'traction kyc list --verification-type DOCUMENT --status PENDING --from 7d',
});

const latestByType = z.object({
  verificationType: verificationTypeField,
  /** The newest record of this type, if the business has one. */
  latest: z.object({ id: z.number().int(), status: kycStatusField, documentType: z.string().nullable(), submittedAt: z.string() }).nullable(),
  /** How many records of this type the business has submitted. */
  records: z.number().int(),
});

export const businessKycSummary = defineCommand({
  id: 'kyc.business',
  group: 'kyc',
  action: 'business',
  title: "Look up a business's KYC",
  description: 'Businesses whose name starts with the text (an exact match first), each with its exemptions and latest record of each verification type.',
  keywords: ['merchant kyc', 'verification status', 'kyc summary'],
  method: 'GET',
  path: '/v1/kyc/business',
  permission: 'kyc.view',
  input: z.object({
    business_name: textField(200),
    /** Only these types (one or a comma list). */
    verification_types: commaListField(VERIFICATION_TYPES).optional(),
  }),
  output: z.object({ items: z.array(z.object({ business: kycBusiness, verifications: z.array(latestByType) })) }),
  example: 'traction kyc business --business-name "Mama Put"',
});

/** Where a record may go next and why a reviewer cannot approve it, for the console and the CLI. */
const reviewState = {
  /** Statuses the record may move to now (empty when final). */
  allowedNext: z.array(kycReviewStatusField),
  /** The blacklist entry matching its ID number, if any: such a record can never be approved. */
  blacklisted: kycBlacklistEntry.nullable(),
};

export const getKyc = defineCommand({
  id: 'kyc.get',
  group: 'kyc',
  action: 'get',
  title: 'Show a KYC record',
  description: 'One record with its business, documents, status history and the statuses it may move to.',
  keywords: ['verification', 'kyc record', 'documents'],
  method: 'GET',
  path: '/v1/kyc/{id}/kyc-info',
  permission: 'kyc.view',
  input: z.object({ id: idField }),
  output: z.object({
    record: kycRecord,
    business: kycBusiness,
    documents: z.array(kycDocument),
    history: z.array(kycEvent),
    ...reviewState,
  }),
  example: 'traction kyc get --id 1042',
});

export const businessKycRecords = defineCommand({
  id: 'kyc.business-records',
  group: 'kyc',
  action: 'business-records',
  title: "List a business's KYC records",
  description: 'Every KYC record of one business, newest first.',
  keywords: ['merchant kyc', 'verification history'],
  method: 'GET',
  path: '/v1/kyc/business/{id}/kyc-info',
  permission: 'kyc.view',
  input: z.object({ id: idField }),
  output: z.object({ business: kycBusiness, items: z.array(kycRecord) }),
  example: 'traction kyc business-records --id 42',
});

/** The audit log's words for each status a reviewer may set. */
const KYC_DECISION_WORDS: Readonly<Record<string, string>> = {
  APPROVED: 'approve {subject}',
  DISAPPROVED: 'disapprove {subject}',
  REJECTED: 'reject {subject}',
  PROCESSING: 'take {subject} into processing',
};

export const updateKycStatus = defineCommand({
  id: 'kyc.status.update',
  group: 'kyc',
  action: 'set-status',
  title: 'Approve, disapprove or reject a KYC record',
  description:
    'Moves a record along its state machine: PENDING → PROCESSING, APPROVED, DISAPPROVED or REJECTED; PROCESSING → APPROVED, DISAPPROVED or REJECTED. Decisions are final; disapproving and rejecting need a comment.',
  keywords: ['approve kyc', 'disapprove', 'reject', 'verify', 'review', 'processing'],
  method: 'PUT',
  path: '/v1/kyc/verify/{id}/kyc-status',
  permission: 'kyc.review',
  danger: 'confirm',
  audit: {
    action: (input) => KYC_DECISION_WORDS[said(input.status)] ?? 'change the status of {subject}',
    subject: { kind: 'record', from: 'id' },
    note: 'comment',
  },
  input: z
    .object({
      id: idField,
      status: kycReviewStatusField,
      /** Why; required to disapprove or reject. The merchant reads it. */
      comment: z.string().trim().max(1000).optional(),
    })
    .refine((input) => !kycStatusNeedsComment(input.status) || (input.comment ?? '') !== '', {
      path: ['comment'],
      message: 'is required to disapprove or reject a record: say why',
    }),
  output: z.object({ record: kycRecord, ...reviewState }),
  example: 'traction kyc set-status --id 1042 --status DISAPPROVED --comment "Name on the NIN slip does not match the account name"',
});
