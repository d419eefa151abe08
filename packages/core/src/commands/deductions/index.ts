import type { AnyCommand } from '../../command';
import {
  bulkDeductions,
  deductionReport,
  deductionTemplate,
  deleteDeductionSetting,
  getDeductionRun,
  getDeductionSetting,
  listDeductionItems,
  listDeductionRuns,
  listDeductionSettings,
  loanDiskReport,
  runDeductions,
  saveDeductionUpload,
  toggleDeductionSettings,
  updateDeductionSetting,
  validateDeductionUpload,
} from './deductions';

export * from './deduction-schemas';
export * from './deductions';

export const deductionCommands: readonly AnyCommand[] = [
  listDeductionRuns,
  getDeductionRun,
  listDeductionItems,
  runDeductions,
  bulkDeductions,
  listDeductionSettings,
  getDeductionSetting,
  toggleDeductionSettings,
  updateDeductionSetting,
  deleteDeductionSetting,
  deductionTemplate,
  validateDeductionUpload,
  saveDeductionUpload,
  deductionReport,
  loanDiskReport,
];
