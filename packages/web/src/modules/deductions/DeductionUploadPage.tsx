import {
  DEDUCTION_UPLOAD_COLUMNS,
  deductionTemplate,
  listDeductionSettings,
  MAX_DEDUCTION_UPLOAD_ROWS,
  saveDeductionUpload,
  validateDeductionUpload,
} from '@traction/core';
import { SpreadsheetUpload, type UploadOutcome } from '../uploads/SpreadsheetUpload';
import { DEDUCTION_SETTINGS_PATH } from './deductionPaths';

type UploadCommand = typeof validateDeductionUpload | typeof saveDeductionUpload;
const REFRESH = [listDeductionSettings];

const outcome = (answer: { saved: boolean; good: number; message: string; problems: UploadOutcome['problems'] }): UploadOutcome => ({
  checked: !answer.saved,
  good: answer.good,
  message: answer.message,
  problems: answer.problems,
  link: answer.saved ? { to: DEDUCTION_SETTINGS_PATH, label: 'Open the deduction settings' } : undefined,
});

/**
 * Deduction upload: a file naming the loans to collect by automatic deduction and how (cap per
 * run, partial deductions, active or paused). Every row is checked against the loans it names —
 * unknown loans, loans not being repaid, a cap above what is owed, a loan named twice — before
 * anything is saved; saving makes or changes one setting per loan.
 */
export default function DeductionUploadPage() {
  return (
    <SpreadsheetUpload<UploadCommand>
      page="deduction-upload"
      title="Upload Deduction Settings"
      description={`A CSV, XLSX or XLS of at most ${MAX_DEDUCTION_UPLOAD_ROWS.toLocaleString('en-NG')} rows, one loan a row. Every row is checked first; nothing is saved until you save it.`}
      fileLabel="Deduction file"
      columns={DEDUCTION_UPLOAD_COLUMNS}
      template={{ command: deductionTemplate }}
      back={{ path: DEDUCTION_SETTINGS_PATH, label: 'Deduction settings', shortcut: 'Deduction settings' }}
      check={{ command: validateDeductionUpload, input: {} }}
      save={(skipBadRows) => ({ command: saveDeductionUpload, input: { skipBadRows } })}
      outcome={outcome}
      refresh={REFRESH}
      purpose="to upload deduction files"
      formTestId="deduction-upload-form"
    />
  );
}
