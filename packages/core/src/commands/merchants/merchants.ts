import { z } from 'zod';
import { defineCommand } from '../../command';
import { said } from '../audit/audit-description';
import { staffCodeField } from '../staff-codes/staff-codes';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import {
  adminRef,
  bankAccount,
  businessCategoryField,
  businessEventEntry,
  businessFields,
  businessSummary,
  businessUser,
  phoneField,
  prefixField,
  stateCodeField,
  store,
  walletStatusField,
} from '../../schemas/business';
import { dateTimeParam, emailField, idField, searchField, textField } from '../../schemas/common';

/** The columns of every list whose rows are businesses. */
const businessColumns = [
  { key: 'id', label: 'ID', kind: 'id' },
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'email', label: 'Email', kind: 'email' },
  { key: 'phone', label: 'Phone', kind: 'text', width: 17 },
  { key: 'state', label: 'State', kind: 'text' },
  { key: 'category', label: 'Category', kind: 'enum' },
  { key: 'isFraud', label: 'Fraud', kind: 'boolean' },
  { key: 'isTrusted', label: 'Trusted', kind: 'boolean' },
  { key: 'kycExempt', label: 'KYC exempt', kind: 'boolean' },
  { key: 'walletStatus', label: 'Wallet', kind: 'enum' },
  { key: 'createdAt', label: 'Created', kind: 'datetime' },
] as const;

export const signupMerchant = defineCommand({
  id: 'merchants.signup',
  group: 'merchants',
  action: 'signup',
  title: 'Sign up a merchant',
  description:
    'Creates the business, its owner and its wallet, opens email and phone verification, and emails the owner a single-use link (60 minutes) to set their password.',
  keywords: ['new merchant', 'onboard', 'register business', 'create business'],
  method: 'POST',
  path: '/v1/auth/signup',
  permission: 'merchants.create',
  audit: { action: 'sign up the business {subject}', subject: { kind: 'business', from: 'output.business.id', named: 'businessName' } },
  input: z.object({
    ...businessFields,
    firstName: textField(80).meta({ label: "Owner's first name" }),
    lastName: textField(80).meta({ label: "Owner's last name" }),
    email: emailField.meta({ label: "Owner's email" }),
    phone: phoneField,
    /** The sales agent who brought the merchant in. */
    salesAgentEmail: emailField.optional(),
    referralCode: staffCodeField
      .optional()
      .meta({ label: 'Staff referral code', description: 'the code a Traction staff member gave the merchant; counted on that code (an active code only)' }),
  }),
  output: z.object({ business: businessSummary, owner: businessUser, walletUid: z.string(), setupLinkExpiresAt: z.string() }),
  example:
    'traction merchants signup --business-name "Mama Put Kitchen" --category RESTAURANT --state LA --first-name Ada --last-name Obi --email ada@mamaput.ng --phone 08031234567',
});

export const createBusiness = defineCommand({
  id: 'merchants.create',
  group: 'merchants',
  action: 'create',
  title: 'Add a business for an existing merchant user',
  description: 'Creates another business (with its wallet and email and phone verification) owned by a person who already signs in to the merchant apps.',
  keywords: ['new business', 'second business', 'another outlet'],
  method: 'POST',
  path: '/v1/businesses/',
  permission: 'merchants.create',
  audit: {
    action: (input) => `add the business {subject} for ${said(input.ownerEmail) || 'an existing merchant user'}`,
    subject: { kind: 'business', from: 'output.business.id', named: 'businessName' },
  },
  input: z.object({
    /** Email of the existing business user who will own it. */
    ownerEmail: emailField.meta({ label: "Owner's email" }),
    ...businessFields,
    /** The business's phone; the owner's when left out. */
    phone: phoneField.optional(),
    salesAgentEmail: emailField.optional(),
  }),
  output: z.object({ business: businessSummary, owner: businessUser, walletUid: z.string() }),
  example: 'traction merchants create --owner-email ada@mamaput.ng --business-name "Mama Put Lekki" --category RESTAURANT --state LA',
});

export const listMerchants = defineCommand({
  id: 'merchants.list',
  group: 'merchants',
  action: 'list',
  title: 'List merchants',
  description: 'Every business, newest first. Search matches the start of the name or of the email.',
  keywords: ['businesses', 'directory', 'find merchant'],
  method: 'GET',
  path: '/v1/businesses/admin/getallbusinesses',
  permission: 'merchants.view',
  input: z.object({
    ...listPaging,
    /** The start of the business's name or email. */
    search: searchField.optional(),
    state: stateCodeField.optional(),
    category: businessCategoryField.optional(),
    /** Exempt from KYC or from the BVN check. */
    kyc_override: z.boolean().optional().meta({ label: 'KYC override' }),
    is_fraud: z.boolean().optional().meta({ label: 'Fraud' }),
    has_wallet: z.boolean().optional().meta({ label: 'Has wallet' }),
    startdatetime: dateTimeParam.optional(),
    enddatetime: dateTimeParam.optional(),
  }),
  output: listOutput(businessSummary),
  list: {
    route: '/merchants',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    detailRoute: '/merchants/{id}',
    csv: true,
    columns: businessColumns,
  },
  example: 'traction merchants list --search mama --state LA --no-is-fraud',
});

export const merchantsByName = defineCommand({
  id: 'merchants.by-name',
  group: 'merchants',
  action: 'by-name',
  title: 'Find businesses by the start of their name',
  coveredBy: 'merchants.search',
  method: 'GET',
  path: '/v1/businesses/name/{name}',
  permission: 'merchants.view',
  input: z.object({ name: prefixField }),
  output: z.object({ items: z.array(businessSummary) }),
  example: 'traction merchants by-name --name "mama put"',
});

export const searchMerchants = defineCommand({
  id: 'merchants.search',
  group: 'merchants',
  action: 'search',
  title: 'Find businesses by the start of their name or email',
  description: 'At most 20 businesses, for pickers.',
  method: 'GET',
  path: '/v1/businesses/nameoremail/{search}',
  permission: 'merchants.view',
  input: z.object({ search: prefixField }),
  output: z.object({ items: z.array(businessSummary) }),
  example: 'traction merchants search --search ada@',
});

export const merchantsWithStores = defineCommand({
  id: 'merchants.with-stores',
  group: 'merchants',
  action: 'with-stores',
  title: 'List businesses with their stores',
  description: 'Businesses and the outlets their terminals are deployed to; search by the start of the name, or by id.',
  method: 'GET',
  path: '/v1/businesses/admin/getallbusinesswithstores',
  permission: 'merchants.view',
  input: z.object({
    ...listPaging,
    search: searchField.optional(),
    search_by: z.enum(['name', 'id']).default('name').meta({ label: 'Search by' }),
  }),
  output: listOutput(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      state: z.string(),
      storeCount: z.number().int(),
      stores: z.array(store),
    }),
  ),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    detailRoute: '/merchants/{id}',
    csv: false,
    columns: [
      { key: 'id', label: 'ID', kind: 'id' },
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'email', label: 'Email', kind: 'email' },
      { key: 'state', label: 'State', kind: 'text' },
      { key: 'storeCount', label: 'Stores', kind: 'number' },
      { key: 'stores', label: 'Store names', kind: 'tags' },
    ],
  },
  example: 'traction merchants with-stores --search 42 --search-by id',
});

/** A verification type's latest KYC record. */
export const kycLatest = z.object({
  id: z.number().int(),
  verificationType: z.string(),
  documentType: z.string().nullable(),
  status: z.string(),
  comment: z.string().nullable(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});

/** Everything the merchant page shows. */
export const merchantDetail = z.object({
  business: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    category: z.string(),
    categoryLabel: z.string(),
    stateCode: z.string(),
    state: z.string(),
    address: z.string(),
    rcNumber: z.string().nullable(),
    /** The BVN's last four digits; the whole number is never sent. */
    bvnLast4: z.string().nullable(),
    salesAgentEmail: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  flags: z.object({
    fraud: z.object({ isFraud: z.boolean(), reason: z.string().nullable(), at: z.string().nullable(), by: adminRef.nullable() }),
    trusted: z.object({ isTrusted: z.boolean(), at: z.string().nullable(), by: adminRef.nullable() }),
    kycOverride: z.object({ kycExempt: z.boolean(), bvnExempt: z.boolean(), at: z.string().nullable(), by: adminRef.nullable() }),
  }),
  /** The owner first, then the others by when they joined. */
  users: z.array(businessUser),
  /** The settlement account first. */
  bankAccounts: z.array(bankAccount),
  wallet: z
    .object({
      uid: z.string(),
      status: walletStatusField,
      reason: z.string().nullable(),
      changedAt: z.string().nullable(),
      changedBy: adminRef.nullable(),
      createdAt: z.string(),
    })
    .nullable(),
  fixedAccounts: z.array(
    z.object({
      id: z.number().int(),
      bank: z.string(),
      accountNumber: z.string(),
      accountName: z.string(),
      status: z.string(),
      blacklisted: z.boolean(),
      blacklistReason: z.string().nullable(),
      lastActivityAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  stores: z.array(store),
  /** The latest record of each verification type the business has. */
  kyc: z.array(kycLatest),
  openSupportIssues: z.number().int(),
  /** The latest 50 entries of the business's history, newest first. */
  events: z.array(businessEventEntry),
});
export type MerchantDetail = z.infer<typeof merchantDetail>;

export const getMerchant = defineCommand({
  id: 'merchants.get',
  group: 'merchants',
  action: 'show',
  title: 'Show a merchant',
  description: 'A business with its flags, users, bank and fixed accounts, wallet, stores, latest KYC and recent history.',
  method: 'GET',
  path: '/v1/businesses/{id}',
  permission: 'merchants.view',
  input: z.object({ id: idField }),
  output: merchantDetail,
  example: 'traction merchants show --id 42',
});

export const salesAgentBusinesses = defineCommand({
  id: 'sales-agent.businesses',
  group: 'sales-agent',
  action: 'businesses',
  title: "List a sales agent's businesses",
  keywords: ['agent', 'onboarded by'],
  method: 'GET',
  path: '/v1/businesses/salesagent/list-businesses',
  permission: 'merchants.view',
  input: z.object({
    ...listPaging,
    /** The sales agent's email. */
    email: emailField,
    search: searchField.optional(),
  }),
  output: listOutput(businessSummary),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    detailRoute: '/merchants/{id}',
    csv: true,
    columns: businessColumns,
  },
  example: 'traction sales-agent businesses --email tunde@traction.ng',
});

export const merchantPasswordLink = defineCommand({
  id: 'merchants.password-link',
  group: 'merchants',
  action: 'password-link',
  title: 'Send a merchant user a password link',
  description:
    'Issues a fresh single-use link (60 minutes) for the business user to set their password, voids their earlier unused links, emails it and answers it so support can pass it on.',
  keywords: ['reset merchant password', 'forgot password', 'support'],
  method: 'GET',
  mutates: true,
  // The answer carries the link: never kept for replays.
  idempotency: 'none',
  path: '/v1/businesses/password_reset/link',
  permission: 'merchants.support',
  audit: { action: 'send {subject} a password link', subject: { kind: 'merchant-user', from: 'email', by: 'email' } },
  input: z.object({ email: emailField }),
  output: z.object({
    email: z.string(),
    link: z.string(),
    expiresAt: z.string(),
    /** Earlier unused links that stopped working. */
    voided: z.number().int(),
  }),
  example: 'traction merchants password-link --email ada@mamaput.ng',
});
