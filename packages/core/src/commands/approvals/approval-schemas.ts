import { z } from 'zod';
import { isPermission } from '../../permissions';
import { textField } from '../../schemas/common';
import { koboField } from '../../schemas/fields';
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
  .meta({ label: 'Action' });

/** A request waiting for (or decided by) a second admin. */
export const approvalRequest = z.object({
  id: z.number().int(),
  /** The action asked for (`wallets.credit`). */
  commandId: z.string(),
  /** The action in words, from its policy ("Wallet credit"). */
  label: z.string(),
  businessId: z.number().int(),
  businessName: z.string(),
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
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;

/** The queue's columns, shared by the approvals list and the wallet-credit requests list. */
export const approvalRequestColumns = [
  { key: 'id', label: 'Request', kind: 'id' },
  { key: 'label', label: 'Action', kind: 'text' },
  { key: 'businessName', label: 'Business', kind: 'text', card: 'title' },
  { key: 'amount', label: 'Amount', kind: 'money', priority: 'high' },
  { key: 'status', label: 'Status', kind: 'enum', priority: 'high' },
  { key: 'reason', label: 'Reason', kind: 'text' },
  { key: 'requestedByName', label: 'Requested by', kind: 'text' },
  { key: 'requestedAt', label: 'Requested', kind: 'datetime' },
  { key: 'expiresAt', label: 'Expires', kind: 'datetime' },
  { key: 'decidedByName', label: 'Decided by', kind: 'text' },
  { key: 'decidedAt', label: 'Decided', kind: 'datetime' },
  { key: 'transferReference', label: 'Reference', kind: 'text' },
] as const;

/** Whether the signed-in admin may decide a request, and if not, why (the sentence a refusal would give). */
export const decisionRight = z.object({ allowed: z.boolean(), reason: z.string().nullable() });

/** One band of a policy as stored and shown. */
export const approvalBand = z.object({
  /** Amounts up to and including this (kobo) fall in the band; null: no upper bound. */
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
  /** Ascending; the last has no upper bound. */
  bands: z.array(approvalBand),
  /** The bands in words: "up to ₦500,000.00: any admin holding …; above: Finance …". */
  summary: z.string(),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicy>;

/** A band as an update gives it. Amounts in kobo (₦500,000.00 is 50000000). */
export const approvalBandInput = z.object({
  upToKobo: koboField.nullable(),
  permission: z.string().trim().max(100).refine(isPermission, 'must be a permission id (see traction permissions catalogue)'),
  department: textField(100).nullable().optional(),
});

/** Bands ascend strictly and end with one that has no upper bound, so every amount falls in exactly one. */
export function checkBands(bands: readonly { upToKobo: number | null }[], ctx: z.RefinementCtx, path: readonly (string | number)[] = ['bands']): void {
  bands.forEach((band, index) => {
    const last = index === bands.length - 1;
    if (last && band.upToKobo !== null) {
      ctx.addIssue({ code: 'custom', path: [...path, index, 'upToKobo'], message: 'must be null on the last band (it takes every larger amount)' });
    }
    if (!last && band.upToKobo === null) {
      ctx.addIssue({ code: 'custom', path: [...path, index, 'upToKobo'], message: 'may be null only on the last band' });
    }
    const before = index > 0 ? bands[index - 1]?.upToKobo : null;
    if (band.upToKobo !== null && before !== null && before !== undefined && band.upToKobo <= before) {
      ctx.addIssue({ code: 'custom', path: [...path, index, 'upToKobo'], message: 'must be more than the band before it' });
    }
  });
}
