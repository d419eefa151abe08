import { type LoanDetail, loanDetail } from '@traction/core';

/**
 * A loan as GET /v1/payments/admin/getloan/{id} answers it, checked against the contract: an
 * approved ₦500,000.00 loan to Mama Put Kitchen, 5% interest and a ₦500.00 fee over 30 daily
 * instalments, waiting to be disbursed. `overrides` moves it on.
 */
export function loanFixture(overrides: Partial<LoanDetail> = {}): LoanDetail {
  return loanDetail.parse({
    id: 42,
    reference: 'LN-000042',
    businessId: 7,
    businessName: 'Mama Put Kitchen',
    purpose: 'WORKING_CAPITAL',
    principal: 50_000_000,
    interestBps: 500,
    interest: 2_500_000,
    fee: 50_000,
    totalRepayable: 52_550_000,
    frequency: 'DAILY',
    instalments: 30,
    instalmentAmount: 1_751_666,
    status: 'APPROVED',
    repaid: 0,
    outstanding: 52_550_000,
    arrears: 0,
    daysPastDue: 0,
    nextDueDate: null,
    reason: 'Stock for the festive season',
    requestedBy: 'Ada Obi',
    approvedBy: 'Bola Ade',
    disbursedBy: null,
    approvalRequestId: 12,
    terminalRequestId: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    disbursedAt: null,
    closedAt: null,
    actions: ['DISBURSE', 'CANCEL'],
    schedule: [],
    repayments: [],
    events: [
      { id: 1, at: '2026-11-20T09:00:00.000Z', fromStatus: null, toStatus: 'REQUESTED', note: 'Stock for the festive season', adminName: 'Ada Obi' },
      { id: 2, at: '2026-11-20T11:00:00.000Z', fromStatus: 'REQUESTED', toStatus: 'APPROVED', note: null, adminName: 'Bola Ade' },
    ],
    disbursementReference: null,
    writeOffReference: null,
    ...overrides,
  });
}

/** The same loan disbursed on 1 Nov 2026 and being repaid, two instalments taken and one late. */
export function repayingLoanFixture(): LoanDetail {
  return loanFixture({
    status: 'REPAYING',
    repaid: 3_503_332,
    outstanding: 49_046_668,
    arrears: 1_751_666,
    daysPastDue: 1,
    nextDueDate: '2026-11-04',
    disbursedBy: 'Chidi Okeke',
    disbursedAt: '2026-11-01T10:00:00.000Z',
    disbursementReference: 'LOAN-42-DISB',
    actions: ['DEFAULT'],
    schedule: [
      { number: 1, dueDate: '2026-11-02', amount: 1_751_666, paid: 1_751_666, state: 'PAID', paidAt: '2026-11-02T06:00:00.000Z' },
      { number: 2, dueDate: '2026-11-03', amount: 1_751_666, paid: 1_751_666, state: 'PAID', paidAt: '2026-11-03T06:00:00.000Z' },
      { number: 3, dueDate: '2026-11-04', amount: 1_751_666, paid: 0, state: 'LATE', paidAt: null },
    ],
    repayments: [
      { id: 5, at: '2026-11-02T06:00:00.000Z', instalment: 1, amount: 1_751_666, transferReference: 'DED-7-42-1', runId: 7 },
      { id: 6, at: '2026-11-03T06:00:00.000Z', instalment: 2, amount: 1_751_666, transferReference: 'DED-8-42-2', runId: 8 },
    ],
  });
}
