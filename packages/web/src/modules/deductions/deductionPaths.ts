/** Where the deduction pages live: the spec's portal and settings, and ours for a run and the upload. */
export const DEDUCTION_RUNS_PATH = '/auto-deduction';
export const deductionRunPath = (id: number) => `${DEDUCTION_RUNS_PATH}/${id}`;
export const DEDUCTION_SETTINGS_PATH = '/auto-deduction-settings';
export const deductionSettingPath = (id: number) => `${DEDUCTION_SETTINGS_PATH}/${id}`;
export const DEDUCTION_UPLOAD_PATH = '/auto-deduction-upload';
