import type { AnyCommand } from '../../command';
import { blacklistKycId, listKycBlacklist, overrideKyc, verifyCorporate } from './kyc-controls';
import { businessKycRecords, businessKycSummary, getKyc, listKyc, updateKycStatus } from './kyc-records';
import { createUpload, getUpload } from './uploads';

export * from './uploads';
export * from './kyc-records';
export * from './kyc-controls';
export * from '../../kyc/kyc-status';
export * from '../../kyc/identity';
export * from '../../kyc/upload-rules';
export * from '../../schemas/kyc';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const kycCommands = [
  listKyc,
  getKyc,
  updateKycStatus,
  businessKycSummary,
  businessKycRecords,
  overrideKyc,
  blacklistKycId,
  listKycBlacklist,
  verifyCorporate,
  createUpload,
  getUpload,
] as const satisfies readonly AnyCommand[];
