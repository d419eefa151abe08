import type { FormParts } from '../modules/forms/FormParts';

/**
 * What a command's form takes wherever it opens (the palette, a page that adds nothing of its
 * own), by command id: the same form as on the command's own page. Each is loaded with the first
 * form that needs it, in the chunk of the page that owns it.
 */
export const formPartsLoaders: Readonly<Record<string, () => Promise<FormParts>>> = {
  'transfers.create': () => import('../modules/transfers/transferFormParts').then((module) => module.NEW_TRANSFER_PARTS),
  'transfers.payout': () => import('../modules/transfers/transferFormParts').then((module) => module.PAYOUT_PARTS),
  'sweeps.new': () => import('../modules/sweeps/sweepFormParts').then((module) => module.SWEEP_FORM_PARTS),
  'loans.add': () => import('../modules/loans/loanFormParts').then((module) => module.NEW_LOAN_PARTS),
  'loans.update': () => import('../modules/loans/loanFormParts').then((module) => module.UPDATE_LOAN_PARTS),
  'deductions.run': () => import('../modules/deductions/deductionRunParts').then((module) => module.DEDUCTION_RUN_PARTS),
  'deductions.bulk': () => import('../modules/deductions/deductionRunParts').then((module) => module.DEDUCTION_BULK_PARTS),
  'schedules.create': () => import('../modules/schedules/scheduleFormParts').then((module) => module.SCHEDULE_FORM_PARTS),
  'schedules.update': () => import('../modules/schedules/scheduleFormParts').then((module) => module.SCHEDULE_EDIT_PARTS),
};
