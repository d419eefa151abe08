import { z } from 'zod';
import { defineCommand } from '../../command';
import { formatNaira } from '../../format/naira';
import { textField, timestamp } from '../../schemas/common';
import { koboField } from '../../schemas/fields';
import { koboAmount } from '../../schemas/money';
import { type AuditInput, said } from '../audit/audit-description';
import { walletUidField } from '../risk/wallets';

/** A KYC tier, 1 to 3 (wallet/kyc-tier.ts). */
export const kycTierField = z.number().int().min(1, 'must be a KYC tier (1, 2 or 3)').max(3, 'must be a KYC tier (1, 2 or 3)').meta({ label: 'KYC tier' });

/** One tier's limits as the configuration shows them; null: no limit of that kind. */
export const tierLimitsRow = z.object({
  tier: z.number().int(),
  /** What the tier takes, in words. */
  meaning: z.string(),
  /** Most one posting may debit (fees included); null: only the daily limit applies. */
  singleDebitLimit: koboAmount.nullable(),
  /** Most a wallet's debits may add up to in one Lagos day; null: no limit. */
  dailyDebitLimit: koboAmount.nullable(),
  /** Most a manual credit may take the balance to; null: no cap. */
  maxBalance: koboAmount.nullable(),
  updatedAt: timestamp.nullable(),
  /** Who changed it last (email); null for the seeded defaults. */
  updatedBy: z.string().nullable(),
});
export type TierLimitsRow = z.infer<typeof tierLimitsRow>;

/** The transfer fee as it stands. */
export const transferFeeAnswer = z.object({
  /** Kobo charged on each transfer out of a wallet, as its own fee leg. */
  fee: koboAmount,
  updatedAt: timestamp.nullable(),
  updatedBy: z.string().nullable(),
});

/** The wallet configuration: the limits of each KYC tier, the transfer fee, and which kinds the limits read. */
export const walletConfig = z.object({
  tiers: z.array(tierLimitsRow),
  transferFee: transferFeeAnswer,
  /** Debit kinds the limits neither stop nor count. */
  limitFreeKinds: z.array(z.string()),
  /** Credit kinds refused above the tier's balance cap (other credits are never bounced). */
  balanceCappedCreditKinds: z.array(z.string()),
});

export const getWalletConfig = defineCommand({
  id: 'wallet-settings.get',
  group: 'wallet-settings',
  action: 'get',
  title: 'Show the wallet configuration',
  description: 'The daily, single-debit and balance limits of each KYC tier (CBN tiered KYC) and the transfer fee.',
  keywords: ['wallet config', 'kyc tier', 'limits', 'daily limit', 'balance limit'],
  method: 'POST',
  path: '/api/EWTraction/walletconfig',
  // Reads only: the spec's fetch is a POST.
  mutates: false,
  permission: 'wallets.view',
  input: z.object({}),
  output: walletConfig,
  example: 'traction wallet-settings get',
});

/** The audit log's words: "change the Tier 2 wallet limits". */
const tierWords = (input: AuditInput) => `change the Tier ${said(input.tier) || '?'} wallet limits`;

/** A limit's value and its "no limit" box: at most one of the two. */
function oneOf(value: Record<string, unknown>, ctx: z.RefinementCtx, field: string, noLimit: string): void {
  if (value[field] !== undefined && value[noLimit] === true) {
    ctx.addIssue({ code: 'custom', path: [noLimit], message: `give ${field} or ${noLimit}, not both` });
  }
}

export const updateWalletConfig = defineCommand({
  id: 'wallet-settings.update',
  group: 'wallet-settings',
  action: 'update',
  title: "Change a KYC tier's wallet limits",
  description:
    'Sets the single-debit, daily debit and balance limits of one KYC tier; fields left out stay as they are, a "no limit" box removes that limit. A higher tier never allows less than a lower one. Applies to the next posting.',
  keywords: ['wallet config', 'kyc tier', 'limits', 'daily limit', 'balance cap'],
  method: 'POST',
  path: '/api/EWTraction/walletconfig/update',
  permission: 'wallets.settings',
  danger: 'confirm',
  audit: { action: tierWords, note: 'reason' },
  input: z
    .object({
      tier: kycTierField,
      singleDebitLimit: koboField.optional().meta({ format: 'kobo', label: 'Single-debit limit' }),
      /** Removes the single-debit limit (the daily limit still bounds each debit). */
      noSingleDebitLimit: z.boolean().optional().meta({ label: 'No single-debit limit' }),
      dailyDebitLimit: koboField.optional().meta({ format: 'kobo', label: 'Daily debit limit' }),
      noDailyDebitLimit: z.boolean().optional().meta({ label: 'No daily debit limit' }),
      maxBalance: koboField.optional().meta({ format: 'kobo', label: 'Balance limit' }),
      noBalanceLimit: z.boolean().optional().meta({ label: 'No balance limit' }),
      /** Why the limits change, kept in the audit log. */
      reason: textField(500).optional(),
    })
    .superRefine((value, ctx) => {
      oneOf(value, ctx, 'singleDebitLimit', 'noSingleDebitLimit');
      oneOf(value, ctx, 'dailyDebitLimit', 'noDailyDebitLimit');
      oneOf(value, ctx, 'maxBalance', 'noBalanceLimit');
      if (value.singleDebitLimit !== undefined && value.dailyDebitLimit !== undefined && value.singleDebitLimit > value.dailyDebitLimit) {
        ctx.addIssue({ code: 'custom', path: ['singleDebitLimit'], message: 'must not be above the daily debit limit' });
      }
    }),
  output: z.object({ tier: tierLimitsRow, message: z.string() }),
  example: 'traction wallet-settings update --tier 2 --daily-debit-limit 25000000 --reason "CBN circular"',
});

export const getTransferFee = defineCommand({
  id: 'transfer-fee.get',
  group: 'transfer-fee',
  action: 'get',
  title: 'Show the transfer fee',
  description: 'The fee charged on each transfer out of a wallet, in kobo.',
  keywords: ['bank transfer fee', 'charges', 'traction fee'],
  method: 'GET',
  path: '/api/EWTraction/gettractionbanktransferfee',
  permission: 'wallets.view',
  input: z.object({}),
  output: transferFeeAnswer,
  example: 'traction transfer-fee get',
});

export const updateTransferFee = defineCommand({
  id: 'transfer-fee.set',
  group: 'transfer-fee',
  action: 'set',
  title: 'Change the transfer fee',
  description: 'Sets the fee charged on each transfer out of a wallet (kobo). Transfers started after the change pay the new fee.',
  keywords: ['bank transfer fee', 'charges', 'traction fee'],
  method: 'POST',
  path: '/api/EWTraction/updatetractionbanktransferfee/{value}',
  permission: 'wallets.settings',
  danger: 'confirm',
  audit: {
    action: (input) => {
      const kobo = Number(said(input.value));
      return Number.isSafeInteger(kobo) && kobo > 0 ? `set the transfer fee to ${formatNaira(kobo)}` : 'change the transfer fee';
    },
  },
  input: z.object({ value: koboField.meta({ format: 'kobo', label: 'Transfer fee' }) }),
  output: transferFeeAnswer.extend({ previousFee: koboAmount, message: z.string() }),
  example: 'traction transfer-fee set --value 2500',
});

/** A wallet's limits today, as the wallet page shows them. */
export const walletLimitsAnswer = z.object({
  uid: z.string(),
  businessId: z.number().int(),
  tier: z.number().int(),
  /** Why this tier: "identity verified, address verified", "KYC override (exempt from KYC)". */
  tierBecause: z.string(),
  singleDebitLimit: koboAmount.nullable(),
  dailyDebitLimit: koboAmount.nullable(),
  maxBalance: koboAmount.nullable(),
  balance: koboAmount,
  /** Debits counted against today's limit (reversals and reversed debits are not counted). */
  usedToday: koboAmount,
  /** The Lagos day `usedToday` is of (YYYY-MM-DD). */
  day: z.string(),
  /** Most the next single debit may be; null: no limit. */
  nextDebitRemaining: koboAmount.nullable(),
  /** What the daily limit still allows today; null: no limit. */
  dailyRemaining: koboAmount.nullable(),
  /** What manual credits may still add before the cap; null: no cap. */
  balanceRemaining: koboAmount.nullable(),
});
export type WalletLimitsAnswer = z.infer<typeof walletLimitsAnswer>;

export const walletLimits = defineCommand({
  id: 'wallets.limits',
  group: 'wallets',
  action: 'limits',
  title: "Show a wallet's limits",
  description: "The wallet's KYC tier, its limits, what it has debited today (Lagos day) and what remains.",
  keywords: ['kyc tier', 'daily limit', 'used today', 'remaining'],
  method: 'GET',
  path: '/api/wallets/{uid}/limits',
  permission: 'wallets.view',
  input: z.object({ uid: walletUidField }),
  output: walletLimitsAnswer,
  example: 'traction wallets limits --uid 3f2b8c1e-9a4d-4c5e-8f7a-2b1c0d9e8f7a',
});
