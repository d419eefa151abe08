import { z } from 'zod';
import { isPermission } from '../../permissions';
import { koboAmount } from '../../schemas/money';

/**
 * Where a request stands. EXPIRED: still undecided when its policy's time ran out (read from
 * `expiresAt` against the server's clock; it can no longer be approved).
 */
export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'EXPIRED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** An action that waits for a second admin (`wallets.credit`): a policy's key, not necessarily a command id of the registry. */
export const approvalCommandField = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/, 'must be an action id such as wallets.credit')
  .meta({ label: 'Action', examples: ['wallets.credit'] });

/** The records a request can be for, besides its business: the console links each to its page. */
export const APPROVAL_SUBJECT_KINDS = ['loan', 'bulk-upload', 'sweep', 'settlement-group'] as const;
export const approvalSubject = z.object({ kind: z.enum(APPROVAL_SUBJECT_KINDS), id: z.number().int() });
export type ApprovalSubject = z.infer<typeof approvalSubject>;

/** A request waiting for (or decided by) a second admin. */
export const approvalRequest = z.object({
  id: z.number().int(),
  /** The action asked for (`wallets.credit`). */
  commandId: z.string(),
  /** The action in words, from its policy ("Wallet credit"). */
  label: z.string(),
  /** Null when the action pays from a company account (a bulk upload from fee income). */
  businessId: z.number().int().nullable(),
  /** The business's name, or the company's ("Traction (company account)") when there is none. */
  businessName: z.string(),
  /** Empty when there is no business. */
  businessEmail: z.string(),
  amount: koboAmount,
  reason: z.string(),
  /** The supporting document uploaded with the request, if any. */
  evidenceUploadId: z.number().int().nullable(),
  requestedById: z.number().int(),
  requestedByName: z.string(),
  requestedAt: z.string(),
  /** After this instant an undecided request is EXPIRED. */
  expiresAt: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  decidedById: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The decider's note (a decline's reason). */
  decisionNote: z.string().nullable(),
  /** The ledger reference the approval posted (`CR-12`). */
  transferReference: z.string().nullable(),
  /** The record it is for (a loan, a bulk upload…), when it is one of its own; null for credits and debits. */
  subject: approvalSubject.nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;

/** The queue's columns, shared by the approvals list and the wallet-credit requests list. */
export const approvalRequestColumns = [
  { key: 'id', label: 'Request', kind: 'id', priority: 'medium' },
  // Credit or debit: what the approver is deciding, never left out.
  { key: 'label', label: 'Action', kind: 'text', width: 14, priority: 'high' },
  { key: 'businessName', label: 'Business', kind: 'text', card: 'title' },
  { key: 'amount', label: 'Amount', kind: 'money', priority: 'high' },
  { key: 'status', label: 'Status', kind: 'enum', priority: 'high' },
  { key: 'reason', label: 'Reason', kind: 'sentence' },
  { key: 'requestedByName', label: 'Requested by', kind: 'text', width: 16, priority: 'medium' },
  { key: 'requestedAt', label: 'Requested', kind: 'datetime', priority: 'medium' },
  // A queue is read against the clock: when each request stops being decidable.
  { key: 'expiresAt', label: 'Expires', kind: 'datetime', priority: 'high' },
  { key: 'decidedByName', label: 'Decided by', kind: 'text', width: 16, priority: 'low' },
  { key: 'decidedAt', label: 'Decided', kind: 'datetime', priority: 'low' },
  { key: 'transferReference', label: 'Reference', kind: 'text' },
] as const;

/** Whether the signed-in admin may decide a request, and if not, why (the sentence a refusal would give). */
export const decisionRight = z.object({ allowed: z.boolean(), reason: z.string().nullable() });

/** One band of a policy as stored and shown. */
export const approvalBand = z.object({
  /** Amounts up to and including this (kobo) fall in the band; null: no upper bound (above the last bound, nothing may be requested). */
  upToKobo: koboAmount.nullable(),
  /** The permission the deciding admin must hold. */
  permission: z.string(),
  /** The department the deciding admin must belong to; null: any. */
  department: z.string().nullable(),
});

export const approvalPolicy = z.object({
  /** The action (`wallets.credit`). */
  command: z.string(),
  label: z.string(),
  /** Hours a request waits before it expires. */
  expiryHours: z.number().int(),
  /** Ascending; amounts above the last band's bound cannot be requested. */
  bands: z.array(approvalBand),
  /** The bands in words: "up to ₦500,000.00: any admin holding …; above: Finance …". */
  summary: z.string(),
  /** The bands as an update takes them (`500000=wallets.credit.authorise; wallets.credit.authorise@Finance`). */
  bandsText: z.string(),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicy>;

/** A band as an update gives it: amounts in kobo, the department by name. */
export interface BandInput {
  upToKobo: number | null;
  permission: string;
  department: string | null;
}

const BAND = /^(?:(?<limit>[₦0-9.]+)\s*=\s*)?(?<permission>[a-z][a-z0-9.-]*)\s*(?:@\s*(?<department>[^;@=]+?))?$/;

/**
 * Reads bands written as people type them, one after another separated by `;`: `LIMIT=PERMISSION`
 * or `LIMIT=PERMISSION@DEPARTMENT`, LIMIT in Naira (amounts up to and including it); the last may
 * leave out `LIMIT=` to take every larger amount. `500000=wallets.credit.authorise;
 * wallets.credit.authorise@Finance`. No commas, so the text fits a CSV cell and a shell word.
 */
export function parseBands(text: string): { bands: BandInput[]; problems: string[] } {
  const bands: BandInput[] = [];
  const problems: string[] = [];
  const parts = text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) problems.push('must name at least one band');
  if (parts.length > 10) problems.push('may name at most 10 bands');
  parts.forEach((part, index) => {
    const match = BAND.exec(part);
    const number = index + 1;
    if (!match?.groups) {
      problems.push(`band ${number} (${part}) must read LIMIT=PERMISSION or LIMIT=PERMISSION@DEPARTMENT`);
      return;
    }
    const { limit, permission = '', department } = match.groups;
    let upToKobo: number | null = null;
    if (limit !== undefined) {
      const naira = limit.replace(/^₦/, '');
      if (!/^\d{1,11}(\.\d{1,2})?$/.test(naira) || Number(naira) <= 0) {
        problems.push(`band ${number}: ${limit} must be an amount in Naira above zero with at most 2 decimals`);
        return;
      }
      const [whole = '0', fraction = ''] = naira.split('.');
      upToKobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    }
    if (!isPermission(permission)) problems.push(`band ${number}: ${permission} is not a permission id`);
    bands.push({ upToKobo, permission, department: department?.trim() || null });
  });
  bands.forEach((band, index) => {
    const last = index === bands.length - 1;
    if (!last && band.upToKobo === null) problems.push(`band ${index + 1} has no limit, so only the last band may leave it out`);
    const before = index > 0 ? bands[index - 1]?.upToKobo : null;
    if (band.upToKobo !== null && before !== null && before !== undefined && band.upToKobo <= before) {
      problems.push(`band ${index + 1}'s limit must be more than band ${index}'s`);
    }
  });
  return { bands, problems };
}

/** Bands as `parseBands` reads them (the text a policy's form starts with). */
export function bandsText(bands: readonly BandInput[]): string {
  return bands
    .map((band) => {
      const limit =
        band.upToKobo === null ? '' : `${Math.floor(band.upToKobo / 100)}${band.upToKobo % 100 ? `.${String(band.upToKobo % 100).padStart(2, '0')}` : ''}=`;
      return `${limit}${band.permission}${band.department ? `@${band.department}` : ''}`;
    })
    .join('; ');
}

/** A policy's bands as text (see `parseBands`); checked here, so a bad band is a 400 naming `bands`. */
export const approvalBandsField = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .superRefine((text, ctx) => {
    for (const problem of parseBands(text).problems) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ label: 'Bands (LIMIT=PERMISSION@DEPARTMENT; …)', examples: ['500000=wallets.credit.authorise; wallets.credit.authorise@Finance'] });
