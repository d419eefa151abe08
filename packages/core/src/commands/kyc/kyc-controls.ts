import { z } from 'zod';
import { defineCommand } from '../../command';
import { said, yesNo } from '../audit/audit-description';
import { KYC_DOCUMENT_LABELS, KYC_ID_TYPES, maskIdNumber, normaliseIdNumber, type KycDocumentType } from '../../kyc/identity';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, searchField, textField } from '../../schemas/common';
import { kycBlacklistEntry, kycBusiness, kycRecord } from '../../schemas/kyc';

export const overrideKyc = defineCommand({
  id: 'kyc.override',
  group: 'kyc',
  action: 'override',
  title: 'Exempt a business from KYC',
  description:
    'Turns a KYC exemption on or off: from KYC altogether, or (kycType bvn) from the BVN check only. A business whose BVN or any KYC ID is blacklisted cannot be exempted.',
  keywords: ['kyc override', 'exempt', 'exemption', 'bvn exemption', 'waive kyc'],
  method: 'PUT',
  path: '/v1/kyc/override',
  permission: 'kyc.override',
  danger: 'confirm',
  audit: {
    action: (input) => {
      const from = said(input.kycType) === 'bvn' ? 'the BVN check' : 'KYC';
      return yesNo(input.isexempt) === false ? `remove the exemption of {subject} from ${from}` : `exempt {subject} from ${from}`;
    },
    subject: { kind: 'business', from: 'businessId' },
  },
  input: z.object({
    businessId: idField,
    /** true exempts, false removes the exemption. */
    isexempt: z.boolean(),
    /** `bvn`: the BVN exemption only. */
    kycType: z.enum(['bvn']).optional(),
  }),
  output: z.object({ business: kycBusiness, message: z.string() }),
  example: 'traction kyc override --business-id 42 --isexempt --kyc-type bvn',
});

export const blacklistKycId = defineCommand({
  id: 'kyc.blacklist',
  group: 'kyc',
  action: 'blacklist',
  title: 'Blacklist an ID number',
  description:
    'Adds an identity number found on a KYC record to the blacklist, so that it can never be approved on any record again, and rejects the record if it is still open.',
  keywords: ['blacklist id', 'ban id', 'fraud id', 'block nin', 'block bvn'],
  method: 'POST',
  path: '/v1/kyc/blacklist/{id}',
  permission: 'kyc.blacklist',
  danger: 'confirm',
  audit: {
    action: (input) =>
      `blacklist ${KYC_DOCUMENT_LABELS[said(input.idType) as KycDocumentType] ?? 'the ID'} ${maskIdNumber(said(input.idNumber))} found on {subject}`,
    subject: { kind: 'record', from: 'id' },
    note: 'note',
  },
  input: z.object({
    /** The KYC record the ID was found on. */
    id: idField,
    idType: z.enum(KYC_ID_TYPES),
    /** Spaces and dashes are ignored. */
    idNumber: z.string().trim().min(1).max(40),
    /** Why; kept with the entry and used as the record's rejection comment. */
    note: textField(500),
  }),
  output: z.object({ entry: kycBlacklistEntry, record: kycRecord }),
  example: 'traction kyc blacklist --id 1042 --id-type NIN --id-number 12345678901 --note "Same NIN used by three unrelated businesses"',
});

export const listKycBlacklist = defineCommand({
  id: 'kyc.blacklist.list',
  group: 'kyc',
  action: 'blacklisted',
  title: 'List blacklisted ID numbers',
  keywords: ['blacklist', 'banned ids'],
  method: 'GET',
  path: '/v1/kyc/blacklist',
  permission: 'kyc.view',
  input: z.object({
    ...listPaging,
    /** ID number prefix (spaces and dashes ignored) or words of the note. */
    search: searchField.optional(),
    idType: z.enum(KYC_ID_TYPES).optional(),
  }),
  output: listOutput(kycBlacklistEntry),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    detailRoute: '/all-verification/{kycId}',
    csv: true,
    columns: [
      { key: 'idType', label: 'ID type', kind: 'enum' },
      { key: 'idNumber', label: 'ID number', kind: 'text' },
      { key: 'note', label: 'Note', kind: 'text' },
      { key: 'businessName', label: 'Found on', kind: 'text' },
      { key: 'kycId', label: 'KYC record', kind: 'id' },
      { key: 'createdBy', label: 'Blacklisted by', kind: 'email' },
      { key: 'createdAt', label: 'Blacklisted', kind: 'datetime' },
    ],
  },
  example: 'traction kyc blacklisted --id-type NIN',
});

export const verifyCorporate = defineCommand({
  id: 'kyc.corporate.verify',
  group: 'kyc',
  action: 'verify-corporate',
  title: 'Submit corporate verification',
  description: "Records a business's CAC registration number with its uploaded CAC documents as a CORPORATE KYC record awaiting review.",
  keywords: ['cac', 'rc number', 'corporate kyc', 'company registration'],
  method: 'POST',
  path: '/v2/businesses/admin/{id}/verify-corporate',
  permission: 'kyc.corporate',
  audit: {
    action: (input) => `submit corporate verification${said(input.rcNumber) ? ` (${said(input.rcNumber)})` : ''} for {subject}`,
    subject: { kind: 'business', from: 'id' },
  },
  input: z.object({
    /** The business. */
    id: idField,
    /** CAC number: RC, BN or IT and up to 8 digits (RC1234567). */
    rcNumber: z
      .string()
      .trim()
      .max(20)
      .regex(/^(RC|BN|IT)[ -]?\d{1,8}$/i, 'must be a CAC number: RC, BN or IT and up to 8 digits (RC1234567)')
      .meta({ examples: ['RC1234567'] })
      .transform(normaliseIdNumber),
    /** Uploads (from uploads.create) holding the CAC documents. */
    uploadIds: z.array(idField).min(1).max(10),
  }),
  output: z.object({ record: kycRecord }),
  example: 'traction kyc verify-corporate --id 42 --rc-number RC1234567 --upload-ids 7,8',
});
