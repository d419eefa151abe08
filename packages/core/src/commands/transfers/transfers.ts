import { z } from 'zod';
import { defineCommand } from '../../command';
import { said } from '../audit/audit-description';
import { koboField } from '../../schemas/fields';
import { formatNaira } from '../../format/naira';
import { bankListRow, beneficiaryFields, companyTransferSourceField, narrationField, transferOutcome, transferReferenceField } from './transfer-schemas';

/** A business by its id or its email (as the wallet credit request names it). */
const businessRefField = z.string().trim().min(1, 'is required').max(254);

/** The amount as the audit log says it; a refused request may hold anything (1.5 is not kobo). */
const describeAmount = (amount: unknown) => (typeof amount === 'number' && Number.isSafeInteger(amount) ? formatNaira(amount) : 'money');

export const createFundsTransfer = defineCommand({
  id: 'transfers.create',
  group: 'transfers',
  action: 'create',
  title: 'Send a funds transfer',
  description:
    "Sends money from a merchant's wallet (or a company account) to a Nigerian bank account: the beneficiary is confirmed by name enquiry first, the fee is the transfer fee, the fraud rules may hold or block it, and the provider's answer may take time (a pending transfer is re-queried until final; only a final failure gives the money back).",
  keywords: ['fund transfer', 'bank transfer', 'send money', 'nip', 'pay out', 'interbank'],
  method: 'POST',
  path: '/v1/payments/createfundstransfer',
  permission: 'transfers.create',
  danger: 'money',
  audit: { action: (input) => `send ${describeAmount(input.amount)} to ${said(input.accountNumber) || 'an account'} at bank ${said(input.bankCode) || '?'}` },
  // Which of business and companyAccount is needed depends on `from`: the server says so, naming the field.
  input: z.object({
    /** Where the money comes from: a merchant's wallet (default) or a company account. */
    from: z.enum(['wallet', 'company']).default('wallet'),
    /** The paying business, by id or email (from a wallet). */
    business: businessRefField.optional().meta({ label: 'Business (id or email)' }),
    /** The paying company account (from the company). */
    companyAccount: companyTransferSourceField.optional(),
    ...beneficiaryFields,
    /** The name the sender expects; refused if the bank's name enquiry says otherwise. */
    accountName: z.string().trim().max(200).optional().meta({ label: 'Expected account name' }),
    amount: koboField,
    narration: narrationField,
    /** Your reference; one is made if you give none. A reference already used is refused. */
    reference: transferReferenceField.optional(),
  }),
  output: transferOutcome,
  example: 'traction transfers create --business 42 --bank-code 058 --account-number 0123456785 --amount 15,000 --narration "Supplier invoice 118" --dry-run',
});

export const createPayout = defineCommand({
  id: 'transfers.payout',
  group: 'transfers',
  action: 'payout',
  title: "Pay a merchant's wallet out to their settlement account",
  description:
    "Sends money from a merchant's wallet to the bank account they settle to (their settlement account), the whole balance less the fee unless an amount is given. The same checks as any transfer.",
  keywords: ['payout', 'settle', 'withdraw', 'cash out'],
  method: 'POST',
  path: '/v1/transfer/payouts',
  permission: 'transfers.create',
  danger: 'money',
  audit: {
    action: (input) => `pay out ${input.amount === undefined ? 'the balance' : describeAmount(input.amount)} of business ${said(input.business) || '?'}`,
  },
  input: z.object({
    business: businessRefField.meta({ label: 'Business (id or email)' }),
    /** Kobo to pay out; the whole balance less the fee when absent. */
    amount: koboField.optional(),
    narration: narrationField.default('Payout to settlement account'),
    reference: transferReferenceField.optional(),
  }),
  output: transferOutcome,
  example: 'traction transfers payout --business 42 --dry-run',
});

export const nameEnquiry = defineCommand({
  id: 'transfers.name-enquiry',
  group: 'transfers',
  action: 'name-enquiry',
  title: 'Look up who holds a bank account (name enquiry)',
  description: "Asks the beneficiary's bank, through the routed provider, who holds an account: what a transfer checks first.",
  keywords: ['name enquiry', 'account name', 'beneficiary', 'verify account'],
  method: 'GET',
  path: '/v1/payments/nameenquiry',
  permission: 'transfers.create',
  input: z.object(beneficiaryFields),
  output: z.object({
    bankCode: z.string(),
    bankName: z.string(),
    accountNumber: z.string(),
    accountName: z.string(),
    provider: z.string(),
  }),
  example: 'traction transfers name-enquiry --bank-code 058 --account-number 0123456785',
});

export const listTransferBanks = defineCommand({
  id: 'transfers.banks',
  group: 'transfers',
  action: 'banks',
  title: 'List the banks transfers can reach',
  description: 'Nigerian banks with their CBN code (the account number check digit) and NIP institution code.',
  keywords: ['bank list', 'bank codes', 'nip codes', 'cbn codes'],
  method: 'GET',
  path: '/v1/payments/gettractionbanklist',
  permission: 'transfers.view',
  input: z.object({}),
  output: z.object({ items: z.array(bankListRow) }),
  example: 'traction transfers banks',
});
