import { z } from 'zod';
import { walletStatusField } from './business';
import { searchField, textField, timestamp } from './common';
import { koboAmount } from './money';

/**
 * A wallet's status. ACTIVE: money moves both ways. PND (post-no-debit): money may come in but
 * not go out. FROZEN: nothing moves while a case is looked into. CLOSED: the wallet is finished.
 * What each one allows is decided once, in `moneyMovementPolicy` (risk/money-policy.ts).
 */
export const WALLET_STATUSES = walletStatusField.options;
export type WalletStatus = z.infer<typeof walletStatusField>;

/** Banks that issue our virtual (fixed) accounts; their CBN codes are in banks/nuban.ts. */
export const fixedAccountBankField = z.enum(['WEMA', 'PROVIDUS', 'VFD']);

/** ACTIVE accounts take payments; a DEACTIVATED one was closed at the bank and takes none. */
export const FIXED_ACCOUNT_STATUSES = ['ACTIVE', 'DEACTIVATED'] as const;
export type FixedAccountStatus = (typeof FIXED_ACCOUNT_STATUSES)[number];
export const fixedAccountStatusField = z.enum(FIXED_ACCOUNT_STATUSES);

/** A 10-digit NUBAN. The check digit is the bank's to judge (it depends on the bank's code). */
export const accountNumberField = z
  .string()
  .trim()
  .max(10, 'must be a 10-digit account number')
  .regex(/^\d{10}$/, 'must be a 10-digit account number')
  // A GTBank (058) number with the right check digit: the example passes a bank's check too.
  .meta({ examples: ['0123456785'] });

/** Why an admin did something that restricts a merchant; kept on the record and in its history. */
export const reasonField = z
  .string()
  .trim()
  .min(3, 'must say why (at least 3 characters)')
  .max(500)
  .meta({ examples: ['Chargebacks from one card within a week'] });

/** A search box over names and emails (prefix), or an id / account number. */
export const riskSearchField = searchField;

/** A business as the risk pages show it. */
export const riskBusiness = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  category: z.string(),
  stateCode: z.string(),
  /** The state's name ("Gombe" for GO), what tables and CSV show. */
  stateName: z.string(),
  isFraud: z.boolean(),
  /** Why it was marked; null when not marked. */
  fraudReason: z.string().nullable(),
  fraudMarkedAt: timestamp.nullable(),
  isTrusted: z.boolean(),
  trustedAt: timestamp.nullable(),
  /** KYC override: exempt from KYC altogether. */
  kycOverride: z.boolean(),
  hasWallet: z.boolean(),
  /** The wallet's status; null without a wallet. */
  walletStatus: walletStatusField.nullable(),
  createdAt: timestamp,
});
export type RiskBusiness = z.infer<typeof riskBusiness>;

/** A business's wallet, as the PND page lists it. */
export const walletRow = z.object({
  uid: z.string(),
  businessId: z.number().int(),
  businessName: z.string(),
  businessEmail: z.string(),
  isFraud: z.boolean(),
  status: walletStatusField,
  /** Why the status was last changed. */
  statusReason: z.string().nullable(),
  statusChangedAt: timestamp.nullable(),
  /** Kobo the wallet holds (its ledger account's running balance; 0 before any money has moved). */
  balance: koboAmount,
  createdAt: timestamp,
});
export type WalletRow = z.infer<typeof walletRow>;

/** A virtual (fixed) account a bank issued to a business. */
export const fixedAccount = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  bank: fixedAccountBankField,
  accountNumber: z.string(),
  accountName: z.string(),
  status: fixedAccountStatusField,
  blacklisted: z.boolean(),
  blacklistReason: z.string().nullable(),
  blacklistedAt: timestamp.nullable(),
  /** Last money in or out; null if it never saw any. */
  lastActivityAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type FixedAccount = z.infer<typeof fixedAccount>;

/** An inactive fixed account: the account and how long it has been quiet. */
export const inactiveFixedAccount = fixedAccount.extend({
  /** Whole days since its last activity (or since it was opened, if it never saw any), by the server's clock. */
  idleDays: z.number().int(),
});

/** One allowed-or-not answer of the money policy. */
export const moneyDecision = z.object({
  allowed: z.boolean(),
  /** A sentence people read: why not, or that it may. */
  reason: z.string(),
  /** A machine reason (`fraud`, `wallet_pnd`, …, `ok`). */
  rule: z.string(),
});

/** The name a bank holds for an account, as a name enquiry answers. */
export const bankAccountName = textField(100);
