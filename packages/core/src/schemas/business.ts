import { z } from 'zod';
import { NIGERIAN_STATES } from '../data/nigerian-states';
import { businessEventKindField } from './business-event';
import { textField } from './common';

const STATE_CODES = NIGERIAN_STATES.map((state) => state.code) as [string, ...string[]];

/** One of the 36 states or the FCT, by its two-letter code (`LA`, `FC`, `KN`). */
export const stateCodeField = z.enum(STATE_CODES).meta({ label: 'State', words: Object.fromEntries(NIGERIAN_STATES.map((state) => [state.code, state.name])) });

/** The state's name for a code, or the code itself when it is not one of ours. */
export function stateName(code: string): string {
  return NIGERIAN_STATES.find((state) => state.code === code)?.name ?? code;
}

/**
 * A business type code from `features?category=BUSINESS_TYPES` (`RETAIL`, `PHARMACY`, …).
 * The list lives in the database; the server checks the code is on it.
 */
export const businessCategoryField = z
  .string()
  .trim()
  .toUpperCase()
  .min(2)
  .max(40)
  .regex(/^[A-Z0-9_]+$/, 'must be a business type code such as RETAIL (see features list)')
  .meta({ label: 'Category', examples: ['RETAIL'] });

/**
 * A Nigerian phone number as `+234XXXXXXXXXX`: mobile numbers (070…, 080…, 081…, 090…, 091…)
 * in any of the ways people write them — `0803 123 4567`, `803-123-4567`, `2348031234567`, `+234 (0)803 123 4567`,
 * `+234 803 123 4567` — or null when it is not one.
 */
export function normaliseNigerianPhone(text: string): string | null {
  const compact = text.replace(/[\s().-]/g, '');
  const match = /^(?:\+?234)?0?([789][01]\d{8})$/.exec(compact);
  return match ? `+234${match[1]}` : null;
}

/** A Nigerian mobile number, normalised to `+234XXXXXXXXXX`. */
export const phoneField = z
  .string()
  .trim()
  .max(20)
  .meta({ examples: ['0803 123 4567'] })
  .transform((text, ctx) => {
    const phone = normaliseNigerianPhone(text);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a Nigerian mobile number such as 0803 123 4567 or +2348031234567' });
      return z.NEVER;
    }
    return phone;
  })
  .meta({ label: 'Phone' });

/** Text typed to find a business by the start of its name or email: letters, digits and the punctuation names and addresses use. */
export const prefixField = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N} .,'&()@_+-]+$/u, "may hold letters, digits, spaces and . , ' & ( ) @ _ + - only");

/** Who did something to a business. */
export const adminRef = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type AdminRef = z.infer<typeof adminRef>;

export const walletStatusField = z.enum(['ACTIVE', 'PND', 'FROZEN', 'CLOSED']);

/** A row of the merchants list and of the name/email pickers. */
export const businessSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  category: z.string(),
  stateCode: z.string(),
  /** The state's name, for people. */
  state: z.string(),
  isFraud: z.boolean(),
  isTrusted: z.boolean(),
  /** Exempt from KYC altogether. */
  kycExempt: z.boolean(),
  /** Exempt from the BVN check only. */
  bvnExempt: z.boolean(),
  /** Null when the business has no wallet. */
  walletStatus: walletStatusField.nullable(),
  createdAt: z.string(),
});
export type BusinessSummary = z.infer<typeof businessSummary>;

export const businessUserRole = z.enum(['owner', 'manager', 'cashier']);

/** A person who signs in to the merchant apps, for one business. */
export const businessUser = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  role: businessUserRole,
  /** `invited` until they set a password through their link. */
  status: z.enum(['active', 'invited']),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BusinessUser = z.infer<typeof businessUser>;

/** A merchant's own bank account; the settlement one receives their takings. */
export const bankAccount = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  isSettlement: z.boolean(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccount>;

/** An outlet of a business, where its terminals are deployed. */
export const store = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  stateCode: z.string(),
  createdAt: z.string(),
});
export type Store = z.infer<typeof store>;

/** One line of a business's history (Business Logs, the merchant page). */
export const businessEventEntry = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  at: z.string(),
  kind: businessEventKindField,
  message: z.string(),
  adminId: z.number().int().nullable(),
  /** `First Last`, or null for events no admin caused. */
  adminName: z.string().nullable(),
  adminEmail: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type BusinessEventEntry = z.infer<typeof businessEventEntry>;

export const supportIssueStatus = z.enum(['OPEN', 'IN_PROGRESS', 'RESOLVED']);

export const supportIssue = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  subject: z.string(),
  body: z.string(),
  channel: z.enum(['EMAIL', 'PHONE', 'WHATSAPP', 'IN_APP']),
  status: supportIssueStatus,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type SupportIssue = z.infer<typeof supportIssue>;

/** What a signup or a new business needs to say about the business itself. */
export const businessFields = {
  /** The business's trading name. */
  businessName: textField(120).meta({ label: 'Business name' }),
  category: businessCategoryField,
  state: stateCodeField,
  address: z.string().trim().max(300).default(''),
};
