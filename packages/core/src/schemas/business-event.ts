import { z } from 'zod';

/**
 * What can happen to a business, as written to its history (the Business Logs page and the
 * merchant page). Every domain that changes a business records one of these in the same
 * transaction as the change.
 */
export const BUSINESS_EVENT_KINDS = [
  'business.signed-up',
  'business.created',
  'business.password-link',
  'fraud.marked',
  'fraud.cleared',
  'trust.granted',
  'trust.revoked',
  'wallet.status',
  'kyc.submitted',
  'kyc.status',
  'kyc.override',
  'kyc.blacklisted',
  'kyc.corporate',
  'fixed-account.blacklisted',
  'fixed-account.whitelisted',
  'fixed-account.deactivated',
  'fixed-account.repushed',
  'fixed-account.renamed',
  'providus.repush',
] as const;
export type BusinessEventKind = (typeof BUSINESS_EVENT_KINDS)[number];
export const businessEventKindField = z.enum(BUSINESS_EVENT_KINDS);
