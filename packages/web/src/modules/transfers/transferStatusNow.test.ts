import { transferDetail } from '@traction/core';
import { describe, expect, it } from 'vitest';
import { heldTransferFixture, transferFixture } from './transferFixture';
import { transferStatusNow } from './transferStatusNow';

/** 10:55 in Lagos (UTC+1), the same day as the fixtures. */
const NOW = new Date('2026-11-21T09:55:00.000Z');

describe('transferStatusNow', () => {
  it('is given real answers of transfers.get', () => {
    expect(transferDetail.parse(transferFixture())).toEqual(transferFixture());
    expect(transferDetail.parse(heldTransferFixture())).toEqual(heldTransferFixture());
  });

  it.each([
    [
      'pending, re-queried three times',
      transferFixture({
        status: 'PENDING',
        responseCode: '09',
        responseMessage: 'Request in progress',
        requeryCount: 3,
        nextRequeryAt: '2026-11-21T09:52:00.000Z',
        events: [{ status: 'PENDING', at: '2026-11-21T09:42:00.000Z', note: 'The providus requery answered 09', responseCode: '09', adminName: null }],
      }),
      'Pending at the bank (09: Request in progress): asked again at 10:42; 3 re-queries so far; next at 10:52. The money stays debited until the bank answers for good; it is never sent twice.',
    ],
    [
      'pending past its schedule',
      transferFixture({ status: 'PENDING', responseCode: null, responseMessage: null, requeryCount: 0, nextRequeryAt: null }),
      'Pending at the bank: Providus has not given a final answer yet; the re-query schedule is spent, so it needs a person: it may have been paid, so it is never failed by the clock. The money stays debited until the bank answers for good; it is never sent twice.',
    ],
    [
      'held by a rule',
      heldTransferFixture(),
      'Held for review by “Large transfers” (₦6,000,000.00 is above the ₦5,000,000.00 threshold). Nothing has moved: releasing it debits Mama Put Foods and sends it; blocking it refuses it for good.',
    ],
    [
      'failed and reversed',
      transferFixture({
        status: 'FAILED',
        responseCode: '57',
        responseMessage: 'Transaction not permitted to sender',
        reversal: { reference: 'reversal:TRF-20261121-118', at: '2026-11-21T08:41:00.000Z' },
      }),
      'Failed at the bank (57: Transaction not permitted to sender). The ₦15,050.00 debited was given back at 09:41. It can be retried as a new transfer.',
    ],
    [
      'failed, its reversal waiting on a frozen wallet',
      transferFixture({ status: 'FAILED', responseCode: '57', responseMessage: null, reversalWaiting: 'The wallet is frozen.' }),
      'Failed at the bank (57). The money is not back yet: The wallet is frozen. The reversal is tried again every hour.',
    ],
    [
      'failed and retried',
      transferFixture({
        status: 'FAILED',
        responseCode: '57',
        responseMessage: null,
        reversal: { reference: 'r', at: '2026-11-20T08:41:00.000Z' },
        retriedBy: 130,
      }),
      'Failed at the bank (57). The ₦15,050.00 debited was given back at 20 Nov 2026, 09:41. Retried as transfer #130.',
    ],
    ['paid', transferFixture(), 'Paid: Guaranty Trust Bank confirmed it at 09:40 (00: Approved or completed successfully).'],
    [
      'blocked by a reviewer',
      heldTransferFixture({
        status: 'BLOCKED',
        events: [
          {
            status: 'BLOCKED',
            at: '2026-11-21T09:00:00.000Z',
            note: 'Blocked on review: mule account. Nothing moved',
            responseCode: null,
            adminName: 'Bola Ade',
          },
        ],
      }),
      'Blocked by Bola Ade at 10:00. Nothing moved and it will never be sent.',
    ],
  ])('%s', (_name, transfer, sentence) => {
    expect(transferStatusNow(transfer, NOW)).toBe(sentence);
  });
});
