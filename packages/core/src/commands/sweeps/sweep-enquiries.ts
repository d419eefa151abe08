import { z } from 'zod';
import { defineCommand } from '../../command';
import { walletStatusField } from '../../schemas/business';
import { idField } from '../../schemas/common';
import { koboAmount } from '../../schemas/money';
import { accountNumberField, fixedAccountBankField } from '../../schemas/risk';
import { bankListRow, beneficiaryFields } from '../transfers/transfer-schemas';

/** A source wallet's balance as we keep it and as its fixed account's provider states it. */
export const sweepBalance = z.object({
  businessId: z.number().int(),
  businessName: z.string(),
  walletUid: z.string(),
  walletStatus: walletStatusField,
  /** The wallet's ledger balance: what a sweep takes from. */
  balance: koboAmount,
  fixedAccountBank: fixedAccountBankField.nullable(),
  fixedAccountNumber: z.string().nullable(),
  fixedAccountName: z.string().nullable(),
  /** The provider asked (the fixed account's bank); null when the business has no fixed account. */
  provider: z.string().nullable(),
  /** What the provider's balance enquiry answered for the fixed account; null when it was not asked or did not answer. */
  providerBalance: koboAmount.nullable(),
  /** Why the provider gave no balance (it did not answer in time, it is down). */
  providerError: z.string().nullable(),
  /** The transfer fee a sweep of it pays. */
  fee: koboAmount,
  /** What a sweep would take now, leaving nothing behind: the balance less the fee (0 when that is nothing, or money may not leave). */
  sweepable: koboAmount,
  /** Why money may not leave the wallet (PND, frozen, fraud); null when it may. */
  refusal: z.string().nullable(),
});
export type SweepBalance = z.infer<typeof sweepBalance>;

export const sweepBalanceEnquiry = defineCommand({
  id: 'sweeps.balance',
  group: 'sweeps',
  action: 'balance',
  title: 'Ask the balance of a wallet to sweep',
  description:
    "A merchant wallet's ledger balance and what the provider of its fixed account answers for it, with what a sweep of it would take after the fee, or why it may not be swept.",
  keywords: ['balance enquiry', 'wallet balance', 'sweep request'],
  method: 'GET',
  path: '/ft/v1/enquiry/balance',
  permission: 'transfers.view',
  input: z.object({
    businessId: idField.meta({ label: 'Business ID' }),
    /** One of its fixed accounts; its first active one when absent. */
    accountNumber: accountNumberField.optional().meta({ label: 'Fixed account number' }),
  }),
  output: sweepBalance,
  example: 'traction sweeps balance --business-id 42',
});

export const sweepAccountEnquiry = defineCommand({
  id: 'sweeps.account',
  group: 'sweeps',
  action: 'account',
  title: 'Look up a sweep destination (name enquiry)',
  description: "Asks the destination's bank, through the routed provider, who holds the account a sweep would pay: what sweeps new checks first.",
  keywords: ['account enquiry', 'name enquiry', 'destination'],
  coveredBy: 'transfers.name-enquiry',
  method: 'GET',
  path: '/ft/v1/enquiry/account',
  permission: 'transfers.bulk',
  input: z.object(beneficiaryFields),
  output: z.object({
    bankCode: z.string(),
    bankName: z.string(),
    accountNumber: z.string(),
    accountName: z.string(),
    provider: z.string(),
  }),
  example: 'traction sweeps account --bank-code 058 --account-number 0123456789',
});

export const sweepBanks = defineCommand({
  id: 'sweeps.banks',
  group: 'sweeps',
  action: 'banks',
  title: 'List the banks a sweep can pay',
  description: 'Nigerian banks with their CBN code and NIP institution code: the same list as funds transfers.',
  keywords: ['bank list', 'bank codes'],
  coveredBy: 'transfers.banks',
  method: 'GET',
  path: '/ft/v1/banks',
  permission: 'transfers.view',
  input: z.object({}),
  output: z.object({ items: z.array(bankListRow) }),
  example: 'traction sweeps banks',
});
