import type { TransferDetail } from '@traction/core';

/** A transfer as transfers.get answers it, for the tests of these pages: paid, from Mama Put's wallet to ADA OBI at GTBank. */
export function transferFixture(over: Partial<TransferDetail> = {}): TransferDetail {
  return {
    id: 118,
    reference: 'TRF-20261121-118',
    status: 'SUCCESSFUL',
    origin: 'single',
    businessId: 42,
    source: 'Mama Put Foods',
    bankCode: '058',
    bankName: 'Guaranty Trust Bank',
    accountNumber: '0123456789',
    accountName: 'ADA OBI',
    amount: 1_500_000,
    fee: 5_000,
    provider: 'providus',
    sessionId: '000013261121094200000000118001',
    responseCode: '00',
    responseMessage: 'Approved or completed successfully',
    batchId: null,
    needsAttention: false,
    createdAt: '2026-11-21T08:40:00.000Z',
    updatedAt: '2026-11-21T08:40:05.000Z',
    narration: 'Supplier invoice 118',
    walletUid: '3f2b8c1e-9a4d-4c5e-8f7a-2b1c0d9e8f7a',
    failedOverFrom: null,
    requeryCount: 0,
    nextRequeryAt: null,
    retryOf: null,
    retriedBy: null,
    reversalWaiting: null,
    createdBy: 'Ada Obi',
    events: [
      {
        status: 'QUEUED',
        at: '2026-11-21T08:40:00.000Z',
        note: 'Debited ₦15,050.00; queued to send through providus',
        responseCode: null,
        adminName: 'Ada Obi',
      },
      { status: 'SENDING', at: '2026-11-21T08:40:01.000Z', note: 'Sending through providus', responseCode: null, adminName: null },
      {
        status: 'SUCCESSFUL',
        at: '2026-11-21T08:40:05.000Z',
        note: 'The providus send answered 00: Approved or completed successfully: paid',
        responseCode: '00',
        adminName: null,
      },
    ],
    evaluations: [
      {
        ruleId: 1,
        ruleName: 'Large transfers',
        kind: 'amount_above',
        matched: false,
        action: 'hold',
        reason: '₦15,000.00 is not above the ₦5,000,000.00 threshold',
      },
    ],
    postings: [
      {
        id: 901,
        reference: 'TRF-20261121-118',
        kind: 'transfer_out',
        amount: 1_500_000,
        debitAccount: 'Wallet of Mama Put Foods',
        creditAccount: 'Providus float',
        createdAt: '2026-11-21T08:40:00.000Z',
      },
      {
        id: 902,
        reference: 'TRF-20261121-118:fee',
        kind: 'fee',
        amount: 5_000,
        debitAccount: 'Wallet of Mama Put Foods',
        creditAccount: 'Fee income',
        createdAt: '2026-11-21T08:40:00.000Z',
      },
    ],
    reversal: null,
    ...over,
  };
}

/** A held transfer: a large amount to a new beneficiary, nothing moved. */
export function heldTransferFixture(over: Partial<TransferDetail> = {}): TransferDetail {
  return transferFixture({
    status: 'HELD',
    amount: 600_000_000,
    responseCode: null,
    responseMessage: null,
    events: [{ status: 'HELD', at: '2026-11-21T08:40:00.000Z', note: 'Held by the fraud rules: Large transfers', responseCode: null, adminName: 'Ada Obi' }],
    evaluations: [
      {
        ruleId: 1,
        ruleName: 'Large transfers',
        kind: 'amount_above',
        matched: true,
        action: 'hold',
        reason: '₦6,000,000.00 is above the ₦5,000,000.00 threshold',
      },
      {
        ruleId: 2,
        ruleName: 'Merchant velocity',
        kind: 'velocity',
        matched: false,
        action: 'hold',
        reason: '1 transfer (₦6,000,000.00) in the last hour with this one: within 20 transfers an hour',
      },
    ],
    postings: [],
    ...over,
  });
}
