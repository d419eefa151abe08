/**
 * A cumulation is one merchant's successful payments of one settlement day, in a direct group
 * (card) or an aggregator group (transfer and USSD collections):
 *
 *   OPEN (the day is not over) ──day closes──▶ PENDING ──actual-settle──▶ SETTLED (posted to the wallet)
 *                                                │  └──manual-settle──▶ SETTLED_MANUALLY (no money moved)
 *                                                └──(above the approval policy)──▶ AWAITING_APPROVAL ──▶ SETTLED | SETTLED_MANUALLY
 *                                                                                      └─declined / expired─▶ PENDING
 *
 * A cumulation is settled at most once, whichever way.
 */
export const CUMULATION_STATUSES = ['OPEN', 'PENDING', 'AWAITING_APPROVAL', 'SETTLED', 'SETTLED_MANUALLY'] as const;
export type CumulationStatus = (typeof CUMULATION_STATUSES)[number];
export const CUMULATION_STATUS_WORDS: Record<CumulationStatus, string> = {
  OPEN: 'Open (day not over)',
  PENDING: 'Ready to settle',
  AWAITING_APPROVAL: 'Awaiting approval',
  SETTLED: 'Settled to wallet',
  SETTLED_MANUALLY: 'Settled manually',
};
export const SETTLED_CUMULATION_STATUSES: readonly CumulationStatus[] = ['SETTLED', 'SETTLED_MANUALLY'];

export const SETTLEMENT_ACTIONS = ['manual-settle', 'actual-settle'] as const;
export type SettlementAction = (typeof SETTLEMENT_ACTIONS)[number];
export const SETTLEMENT_ACTION_WORDS: Record<SettlementAction, string> = {
  'manual-settle': 'Mark as settled outside the system (no money moves)',
  'actual-settle': 'Settle to the merchants’ wallets (posts through the ledger)',
};

/** A group's state, read from its cumulations. */
export const SETTLEMENT_GROUP_STATUSES = ['OPEN', 'PENDING', 'PARTLY_SETTLED', 'SETTLED'] as const;
export type SettlementGroupStatus = (typeof SETTLEMENT_GROUP_STATUSES)[number];
export const SETTLEMENT_GROUP_STATUS_WORDS: Record<SettlementGroupStatus, string> = {
  OPEN: 'Open (day not over)',
  PENDING: 'Ready to settle',
  PARTLY_SETTLED: 'Partly settled',
  SETTLED: 'Settled',
};
