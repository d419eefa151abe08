import type { FormParts } from '../forms/FormParts';
import { BankPicker } from './BankPicker';
import { BusinessNote } from './BusinessNote';
import { NameEnquiryNote } from './NameEnquiryNote';
import { PayoutAmountNote } from './PayoutAmountNote';
import { SourceChoice } from './SourceChoice';
import { TransferConfirmation } from './TransferConfirmation';

/**
 * The New transfer form over transfers.create: the source as a choice (a business for a wallet,
 * an account for the company), the bank by name, the holder's name as soon as the account number
 * is in, and the dry run's beneficiary in the confirmation. The expected account name is for
 * scripts: here the admin reads the bank's answer instead of typing one.
 */
export const NEW_TRANSFER_PARTS: FormParts = {
  labels: { bankCode: 'Bank' },
  controls: { from: SourceChoice, bankCode: BankPicker },
  notes: { business: BusinessNote, accountNumber: NameEnquiryNote },
  applies: (name, values) => {
    if (name === 'business') return values.from !== 'company';
    if (name === 'companyAccount') return values.from === 'company';
    return name !== 'accountName';
  },
  confirmation: TransferConfirmation,
};

/** Pay out: whose wallet (with its balance) and, in the confirmation, the settlement account it goes to. */
export const PAYOUT_PARTS: FormParts = {
  notes: { business: BusinessNote, amount: PayoutAmountNote },
  confirmation: TransferConfirmation,
};
