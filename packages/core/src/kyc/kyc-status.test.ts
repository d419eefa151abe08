import { describe, expect, it } from 'vitest';
import { checkKycTransition, isFinalKycStatus, KYC_STATUSES, OPEN_KYC_STATUSES, kycStatusNeedsComment } from './kyc-status';

describe('the KYC state machine', () => {
  it('has two open statuses and three final ones', () => {
    expect(OPEN_KYC_STATUSES).toEqual(['PENDING', 'PROCESSING']);
    expect(KYC_STATUSES.filter(isFinalKycStatus)).toEqual(['APPROVED', 'DISAPPROVED', 'REJECTED']);
  });

  it.each([
    ['PENDING', 'APPROVED', null],
    ['PROCESSING', 'REJECTED', null],
    ['APPROVED', 'APPROVED', 'The record is already APPROVED'],
    ['PROCESSING', 'PROCESSING', 'The record is already PROCESSING'],
    ['DISAPPROVED', 'APPROVED', 'The record is DISAPPROVED, which is final; the merchant must submit a new record'],
    ['REJECTED', 'PROCESSING', 'The record is REJECTED, which is final; the merchant must submit a new record'],
  ] as const)('%s → %s: %s', (from, to, message) => {
    const check = checkKycTransition(from, to);
    expect(check.ok ? null : check.message).toBe(message);
  });

  it('asks for a comment on negative outcomes only', () => {
    expect(KYC_STATUSES.filter(kycStatusNeedsComment)).toEqual(['DISAPPROVED', 'REJECTED']);
  });
});
