import type { AnyCommand } from '../../command';
import { createStaffCode, deleteStaffCode, getStaffPhoto, listStaffCodes, setStaffCodeStatus, verifyStaffCode } from './staff-codes';

export * from './staff-codes';

/** Staff referral codes, and the public check that a visiting officer is real staff. In the order the palette and CLI help list them. */
export const staffCodeCommands = [
  listStaffCodes,
  createStaffCode,
  setStaffCodeStatus,
  deleteStaffCode,
  getStaffPhoto,
  verifyStaffCode,
] as const satisfies readonly AnyCommand[];
