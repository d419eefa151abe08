import { z } from 'zod';
import { koboAmount } from '../../schemas/money';
import { defineCommand } from '../../command';
import { said } from '../audit/audit-description';
import { textField } from '../../schemas/common';
import { dayField, type FieldMeta } from '../../schemas/fields';
import { accountNumberField, fixedAccount, moneyDecision } from '../../schemas/risk';

/** Longest period one VFD statement query may cover (the bank pages by day; we keep answers small). */
export const VFD_MAX_DAYS = 31;

/** A statement day, bounded like every input string. */
const statementDay = dayField.max(10, 'must be a date (YYYY-MM-DD)').meta({ format: 'date' } satisfies FieldMeta);

/** What a bank says about an account at a name enquiry. */
export const BANK_ACCOUNT_STATUSES = ['ACTIVE', 'DORMANT', 'POST_NO_DEBIT', 'INACTIVE'] as const;

export const wemaAccountQuery = defineCommand({
  id: 'banks.wema.account',
  group: 'banks',
  action: 'wema-account',
  title: 'Query a Wema Bank account',
  description:
    'Asks Wema Bank for the name and status of an account (name enquiry). When it is one of our fixed accounts, shows ours beside it and whether payments into it would be accepted.',
  keywords: ['wema bank account query', 'name enquiry', 'nuban'],
  method: 'GET',
  path: '/v1/payments/wema/account-query',
  permission: 'banks.query',
  input: z.object({ accountNumber: accountNumberField }),
  output: z.object({
    bank: z.literal('WEMA'),
    bankName: z.string(),
    accountNumber: z.string(),
    /** The name the bank holds. */
    accountName: z.string(),
    /** The status the bank reports. */
    status: z.enum(BANK_ACCOUNT_STATUSES),
    /** Our fixed account with this number, if it is one. */
    fixedAccount: fixedAccount.nullable(),
    /** Whether the bank's name matches ours (null when it is not ours). */
    nameMatches: z.boolean().nullable(),
    /** Whether payments into it would be accepted now (null when it is not ours). */
    inboundCredits: moneyDecision.nullable(),
  }),
  example: 'traction banks wema-account --account-number 0123456789',
});

export const vfdTransaction = z.object({
  /** The bank's reference. */
  reference: z.string(),
  /** NIP session id of the transfer. */
  sessionId: z.string(),
  direction: z.enum(['CREDIT', 'DEBIT']),
  /** Integer kobo. */
  amountKobo: koboAmount,
  /** Balance after it, integer kobo. */
  balanceAfterKobo: koboAmount,
  narration: z.string(),
  counterpartyName: z.string(),
  counterpartyBank: z.string(),
  at: z.string(),
});

export const vfdTransactions = defineCommand({
  id: 'banks.vfd.transactions',
  group: 'banks',
  action: 'vfd-transactions',
  title: 'Query VFD transactions on an account',
  description: `The transactions VFD Microfinance Bank holds for an account between two days (at most ${VFD_MAX_DAYS} days), oldest first.`,
  keywords: ['vfd transaction query', 'statement', 'bank transactions'],
  method: 'GET',
  path: '/v1/payments/vfd/transactions',
  permission: 'banks.query',
  input: z
    .object({ accountNo: accountNumberField.meta({ label: 'Account number' }), fromDate: statementDay, endDate: statementDay })
    .superRefine((value, ctx) => {
      const from = Date.parse(value.fromDate);
      const end = Date.parse(value.endDate);
      if (end < from) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be on or after fromDate' });
      else if ((end - from) / 86_400_000 >= VFD_MAX_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: `must be within ${VFD_MAX_DAYS} days of fromDate` });
      }
    }),
  output: z.object({
    accountNo: z.string(),
    accountName: z.string(),
    bankName: z.string(),
    fromDate: z.string(),
    endDate: z.string(),
    items: z.array(vfdTransaction),
    totalCreditKobo: koboAmount,
    totalDebitKobo: koboAmount,
    /** Our fixed account with this number, if it is one. */
    fixedAccount: fixedAccount.nullable(),
  }),
  example: 'traction banks vfd-transactions --account-no 1234567890 --from-date 2026-11-01 --end-date 2026-11-21',
});

/** A NIP session id as banks quote it (30 digits for NIP; other rails use letters too). */
export const sessionIdField = z
  .string()
  .trim()
  .max(40, 'must be a session id of 10 to 40 letters and digits')
  .regex(/^[A-Za-z0-9]{10,40}$/, 'must be a session id of 10 to 40 letters and digits')
  .meta({ examples: ['000015251128093000123456789012'] });

export const providusRepush = defineCommand({
  id: 'providus.repush',
  group: 'providus',
  action: 'repush',
  title: 'Repush a missed Providus notification',
  description:
    'Providus sends the inbound transfer notification for the session again, which credits the business. Refused when the money policy refuses payments into the account (fraud, wallet state, blacklist, deactivated).',
  keywords: ['providus repush', 'missed credit', 'notification', 'webhook'],
  method: 'POST',
  path: '/v1/payments/providus/repush',
  permission: 'providus.manage',
  danger: 'confirm',
  idempotency: 'required',
  audit: {
    action: (input) => `repush the Providus notification ${said(input.sessionId)} for {subject}`,
    subject: { kind: 'account', from: 'accountNumber', by: 'number' },
  },
  input: z.object({ accountNumber: accountNumberField, sessionId: sessionIdField }),
  output: z.object({
    accountNumber: z.string(),
    sessionId: z.string(),
    businessId: z.number().int(),
    businessName: z.string(),
    /** What Providus says it re-sent: the transfer's amount, integer kobo. */
    amountKobo: koboAmount,
    bankReference: z.string(),
    message: z.string(),
  }),
  example: 'traction providus repush --account-number 9912345678 --session-id 100004231121093512345678901234',
});

export const providusRename = defineCommand({
  id: 'providus.rename',
  group: 'providus',
  action: 'rename',
  title: 'Rename a Providus account',
  description: 'Renames one of our Providus fixed accounts at the bank and here.',
  keywords: ['providus rename', 'account name'],
  method: 'POST',
  path: '/v1/payments/providus/rename',
  permission: 'providus.manage',
  danger: 'confirm',
  audit: {
    action: (input) => `rename {subject} at Providus to “${said(input.accountName)}”`,
    subject: { kind: 'account', from: 'accountNumber', by: 'number' },
  },
  input: z.object({ accountNumber: accountNumberField, accountName: textField(60) }),
  output: z.object({ account: fixedAccount, bankReference: z.string(), message: z.string() }),
  example: 'traction providus rename --account-number 9912345678 --account-name "Traction/Mama Put Kitchen"',
});
