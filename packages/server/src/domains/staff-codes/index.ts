import type { Implementation } from '../../handling/implement';
import {
  createStaffCodeHandler,
  deleteStaffCodeHandler,
  getStaffPhotoHandler,
  listStaffCodesHandler,
  setStaffCodeStatusHandler,
  verifyStaffCodeHandler,
} from './staff-codes.handlers';

/** For merchant sign-ups and reports: link a merchant to the code they signed up with, and count sign-ups per code. */
export { countStaffCodeSignUps, recordStaffReferral } from './referrals';

/** Staff referral codes, and the public check that a visiting officer is real staff. */
export const staffCodeImplementations: readonly Implementation[] = [
  listStaffCodesHandler,
  createStaffCodeHandler,
  setStaffCodeStatusHandler,
  deleteStaffCodeHandler,
  getStaffPhotoHandler,
  verifyStaffCodeHandler,
];
