import { z } from 'zod';
import { defineCommand } from '../../command';
import { said } from '../audit/audit-description';
import { formatNaira } from '../../format/naira';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { walletStatusField } from '../../schemas/business';
import { idField, searchField, textField } from '../../schemas/common';
import { fileField, koboField } from '../../schemas/fields';
import { koboAmount } from '../../schemas/money';
import { reasonField } from '../../schemas/risk';
import { APPROVAL_STATUSES, approvalRequest, approvalRequestColumns } from '../approvals/approval-schemas';

/** The approval action a credit request asks for (its policy's key). */
export const WALLET_CREDIT_ACTION = 'wallets.credit';
/** The approval action a debit request asks for. */
export const WALLET_DEBIT_ACTION = 'wallets.debit';

/** A business named by its email or its id. */
const businessRefField = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .regex(/^(\d{1,9}|[^\s@%]+@[^\s@%]+)$/, "must be the business's email or id")
  .meta({ label: 'Business (email or id)', examples: ['ada@kitchen.ng'] });

/** A business as the crediting pages show it: its wallet, the wallet's status and balance. */
export const walletCreditBusiness = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  isFraud: z.boolean(),
  /** Null when the business has no wallet (it cannot be credited or debited). */
  wallet: z
    .object({
      uid: z.string(),
      status: walletStatusField,
      /** Kobo; 0 for a wallet money has never moved. */
      balance: koboAmount,
    })
    .nullable(),
});
export type WalletCreditBusiness = z.infer<typeof walletCreditBusiness>;

const amountWords = (input: Readonly<Record<string, unknown>>) => {
  const kobo = Number(said(input.amount));
  return Number.isSafeInteger(kobo) && kobo > 0 ? ` of ${formatNaira(kobo)}` : '';
};

export const listWalletCreditRequests = defineCommand({
  id: 'wallet-credit.requests',
  group: 'wallet-credit',
  action: 'requests',
  title: 'List wallet credit and debit requests',
  description: 'Credits and debits asked for by hand, with where each stands (pending, approved, declined, expired), newest first.',
  keywords: ['wallet crediting', 'manual credit', 'manual debit', 'adjustment', 'four-eyes'],
  // The spec's call is a POST with its filters in the body; it only reads.
  method: 'POST',
  mutates: false,
  path: '/api/EWTraction/walletcredit/requests',
  permission: 'wallets.view',
  input: z.object({
    ...listPaging,
    status: z.enum(APPROVAL_STATUSES).optional(),
    direction: z.enum(['CREDIT', 'DEBIT']).optional(),
    businessId: idField.optional().meta({ label: 'Business ID' }),
    /** Start of the business name or email, or a request id. */
    search: searchField.optional(),
  }),
  output: listOutput(approvalRequest),
  list: {
    route: '/wallet-crediting-portal-select-business',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    csv: true,
    detailRoute: '/approvals/{id}',
    rowName: 'businessName',
    columns: approvalRequestColumns,
  },
  example: 'traction wallet-credit requests --status PENDING --direction DEBIT',
});

export const getWalletCreditBusiness = defineCommand({
  id: 'wallet-credit.business',
  group: 'wallet-credit',
  action: 'business',
  title: 'Find a business to credit or debit',
  description: "The business by its email (or id), with its wallet's uid, status and balance.",
  keywords: ['wallet crediting', 'wallet balance'],
  method: 'GET',
  path: '/api/EWTraction/walletcredit/business/{email}',
  permission: 'wallets.view',
  input: z.object({ email: businessRefField }),
  output: z.object({ business: walletCreditBusiness }),
  example: 'traction wallet-credit business --email mama.put@example.ng',
});

const requestInput = z.object({
  business: businessRefField,
  amount: koboField,
  reason: reasonField,
  /** A supporting document (JPEG, PNG or PDF), as the multipart part `evidence`. */
  evidence: fileField.optional().meta({ label: 'Evidence (optional)' }),
});
const requestOutput = z.object({ request: approvalRequest, message: z.string() });

export const requestWalletCredit = defineCommand({
  id: 'wallet-credit.new',
  group: 'wallet-credit',
  action: 'new',
  title: 'Request a wallet credit',
  description:
    "Asks for an amount to be credited to the business's wallet from the company's adjustments account. Nothing moves until another admin authorises it.",
  keywords: ['credit wallet', 'manual credit', 'fund wallet', 'adjustment'],
  method: 'POST',
  path: '/api/EWTraction/walletcredit/requests/new',
  permission: 'wallets.credit.request',
  danger: 'confirm',
  idempotency: 'required',
  audit: {
    action: (input) => `request a wallet credit${amountWords(input)} for {subject}`,
    subject: { kind: 'business', from: 'output.request.businessId' },
    note: 'reason',
  },
  input: requestInput,
  output: requestOutput,
  example: 'traction wallet-credit new --business mama.put@example.ng --amount 500000 --reason "Refund of a failed transfer, ticket 4411"',
});

export const requestWalletDebit = defineCommand({
  id: 'wallet-credit.new-debit',
  group: 'wallet-credit',
  action: 'new-debit',
  title: 'Request a wallet debit',
  description:
    "Asks for an amount to be taken from the business's wallet into the company's adjustments account. Nothing moves until another admin authorises it.",
  keywords: ['debit wallet', 'manual debit', 'claw back', 'adjustment'],
  method: 'POST',
  path: '/api/EWTraction/walletcredit/requests/new/debit',
  permission: 'wallets.credit.request',
  danger: 'confirm',
  idempotency: 'required',
  audit: {
    action: (input) => `request a wallet debit${amountWords(input)} for {subject}`,
    subject: { kind: 'business', from: 'output.request.businessId' },
    note: 'reason',
  },
  input: requestInput,
  output: requestOutput,
  example: 'traction wallet-credit new-debit --business 42 --amount 150000 --reason "Duplicate POS credit, ticket 4412"',
});

const authoriseInput = z.object({ id: idField.meta({ label: 'Request' }), note: textField(500).optional() });

export const authoriseWalletCredit = defineCommand({
  id: 'wallet-credit.authorise',
  group: 'wallet-credit',
  action: 'authorise',
  title: 'Authorise a wallet credit',
  description: 'Posts a pending credit request to the ledger. Never your own request; large amounts need the department the approval policy names.',
  keywords: ['approve credit', 'four-eyes'],
  method: 'POST',
  path: '/api/EWTraction/walletcredit/requests/authorise',
  permission: 'wallets.credit.authorise',
  danger: 'money',
  audit: { action: (input) => `authorise credit request #${said(input.id)} for {subject}`, subject: { kind: 'business', from: 'output.request.businessId' } },
  input: authoriseInput,
  output: requestOutput,
  example: 'traction wallet-credit authorise --id 12 --yes',
});

export const authoriseWalletDebit = defineCommand({
  id: 'wallet-credit.authorise-debit',
  group: 'wallet-credit',
  action: 'authorise-debit',
  title: 'Authorise a wallet debit',
  description: 'Posts a pending debit request to the ledger. Never your own request; refused while the wallet holds too little or may not be debited.',
  keywords: ['approve debit', 'four-eyes'],
  method: 'POST',
  path: '/api/EWTraction/walletcredit/requests/authorise/debit',
  permission: 'wallets.credit.authorise',
  danger: 'money',
  audit: { action: (input) => `authorise debit request #${said(input.id)} for {subject}`, subject: { kind: 'business', from: 'output.request.businessId' } },
  input: authoriseInput,
  output: requestOutput,
  example: 'traction wallet-credit authorise-debit --id 13 --yes',
});
