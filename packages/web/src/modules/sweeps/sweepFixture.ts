import type { Sweep, SweepDetail, SweepProgress, SweepRow } from '@traction/core';

const NO_PROGRESS: SweepProgress = {
  rows: 0,
  done: 0,
  succeeded: 0,
  failed: 0,
  pending: 0,
  held: 0,
  refused: 0,
  skipped: 0,
  byStatus: {},
  amountMoved: 0,
  shortfall: 0,
};

/** A sweep as the server answers it (tests): a draft to GTBank, two wallets to sweep and two skipped. */
export function sweepFixture({ progress, ...over }: Partial<Omit<Sweep, 'progress'>> & { progress?: Partial<SweepProgress> } = {}): Sweep {
  return {
    id: 9,
    status: 'DRAFT',
    bankCode: '058',
    bankName: 'Guaranty Trust Bank',
    accountNumber: '0123456789',
    accountName: 'TRACTION SETTLEMENT',
    narration: 'Month-end sweep',
    leaveBehind: 0,
    fee: 5_000,
    selection: '4 selected wallets',
    sources: 4,
    ignored: 0,
    total: 29_990_000,
    fees: 10_000,
    approvalRequestId: null,
    jobId: null,
    reason: null,
    createdAt: '2026-11-21T09:00:00.000Z',
    createdById: 1,
    createdByName: 'Ada Obi',
    submittedAt: null,
    approvedAt: null,
    approvedByName: null,
    finishedAt: null,
    updatedAt: '2026-11-21T09:00:00.000Z',
    ...over,
    progress: { ...NO_PROGRESS, rows: 2, skipped: 2, byStatus: { WAITING: 2, SKIPPED: 2 }, ...progress },
  };
}

const source = (over: Partial<SweepRow> & Pick<SweepRow, 'row' | 'businessId' | 'businessName'>): SweepRow => ({
  status: 'WAITING',
  walletUid: `w-${over.businessId}`,
  fixedAccountBank: 'WEMA',
  fixedAccountNumber: `70000000${String(over.businessId).padStart(2, '0')}`,
  fixedAccountName: over.businessName.toUpperCase(),
  balance: 0,
  amount: 0,
  skipReason: null,
  balanceAtRun: null,
  swept: null,
  shortfall: null,
  refusal: null,
  transferId: null,
  reference: null,
  responseCode: null,
  responseMessage: null,
  updatedAt: null,
  ...over,
});

/** The draft's sources: two to sweep, one on PND and one holding less than the fee. */
export function sweepDetailFixture(over: Partial<Omit<Sweep, 'progress'>> & { progress?: Partial<SweepProgress> } = {}): SweepDetail {
  return {
    sweep: sweepFixture(over),
    rows: [
      source({ row: 1, businessId: 42, businessName: 'Mama Put Foods', balance: 20_000_000, amount: 19_995_000 }),
      source({ row: 2, businessId: 43, businessName: 'Bola Ventures', balance: 10_000_000, amount: 9_995_000 }),
      source({
        row: 3,
        businessId: 44,
        businessName: 'Sunrise Petroleum',
        status: 'SKIPPED',
        balance: 50_000_000,
        skipReason: 'The wallet is on PND (pending no debit): money may not leave it',
      }),
      source({
        row: 4,
        businessId: 45,
        businessName: 'Kemi Stores',
        status: 'SKIPPED',
        balance: 3_000,
        skipReason: 'It holds ₦30.00: nothing is left after the ₦50.00 fee',
      }),
    ],
  };
}
