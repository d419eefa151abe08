import type { FormParts } from '../forms/FormParts';
import { BankPicker } from '../transfers/BankPicker';
import { SweepDestinationNote } from './SweepDestinationNote';

/**
 * The sweep form over sweeps.new: the destination bank picked by name, the holder's name from the
 * account enquiry as soon as the ten digits are in, what to leave in each wallet and the
 * narration. The expected name is for scripts (here the admin reads the bank's answer), and the
 * console always saves the draft, whose preview the next page shows.
 */
export const SWEEP_FORM_PARTS: FormParts = {
  labels: { bankCode: 'Destination bank', accountNumber: 'Destination account number', leaveBehind: 'Leave in each wallet' },
  controls: { bankCode: BankPicker },
  notes: { accountNumber: SweepDestinationNote },
  applies: (name) => name !== 'accountName' && name !== 'previewOnly',
};
