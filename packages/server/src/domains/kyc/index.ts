import type { Implementation } from '../../handling/implement';
import { blacklistKycIdHandler, listKycBlacklistHandler, overrideKycHandler, verifyCorporateHandler } from './kyc-controls.handlers';
import { businessKycRecordsHandler, businessKycSummaryHandler, getKycHandler, listKycHandler, updateKycStatusHandler } from './kyc-records.handlers';
import { createUploadHandler, getUploadHandler } from './uploads.handlers';

/** Keeping and serving uploaded documents, for domains that attach them (a credit request's evidence). */
export { serveUpload, storeUpload } from './uploads.handlers';

/** Implementations of this domain's commands. */
export const kycImplementations: readonly Implementation[] = [
  listKycHandler,
  getKycHandler,
  updateKycStatusHandler,
  businessKycSummaryHandler,
  businessKycRecordsHandler,
  overrideKycHandler,
  blacklistKycIdHandler,
  listKycBlacklistHandler,
  verifyCorporateHandler,
  createUploadHandler,
  getUploadHandler,
];
