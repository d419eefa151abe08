import { badRequest } from '@traction/core';
import type { Db } from '../../db/connect';
import { insertReferral, signUpCounts, staffCodeByCode } from './staff-codes.repository';

/** Merchants who signed up with each of these staff codes, by code id (a code nobody used is left out). */
export function countStaffCodeSignUps(db: Db, staffCodeIds: readonly number[]): Promise<Map<number, number>> {
  return signUpCounts(db, staffCodeIds);
}

/**
 * Links a merchant to the staff code they signed up with (at most once: a second call changes
 * nothing) and answers the code's id. Only an active code is taken: an unknown or deactivated
 * one is a 400 naming `field`, in the same words, as the public portal does not tell them apart.
 */
export async function recordStaffReferral(db: Db, referral: { businessId: number; code: string; at: Date; field?: string }): Promise<number> {
  const found = await staffCodeByCode(db, referral.code);
  if (found?.status !== 'ACTIVE') {
    const field = referral.field ?? 'referralCode';
    throw badRequest('The referral code is not a current Traction staff code', [{ field, message: 'is not a current Traction staff code' }]);
  }
  await insertReferral(db, { businessId: referral.businessId, staffCodeId: found.id, at: referral.at });
  return found.id;
}
