/**
 * The life of an outgoing bank transfer (docs/decisions.md "Transfers"):
 *
 *   HELD ──release──▶ QUEUED ──send──▶ SUCCESSFUL
 *    │                  │  ▲              ▲
 *    └─block─▶ BLOCKED  │  └─(crash: ask, then resend)
 *                       ├──▶ PENDING ──re-query──▶ SUCCESSFUL | FAILED
 *                       └──▶ FAILED (the debit is reversed, once)
 *
 * HELD and BLOCKED have moved no money. QUEUED, SENDING and PENDING have debited the source; only
 * a final failure gives it back. PENDING is never treated as failed.
 */
export const TRANSFER_STATUSES = ['HELD', 'BLOCKED', 'QUEUED', 'SENDING', 'PENDING', 'SUCCESSFUL', 'FAILED'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** How people read a status. */
export const TRANSFER_STATUS_WORDS: Record<TransferStatus, string> = {
  HELD: 'Held for review',
  BLOCKED: 'Blocked',
  QUEUED: 'Queued',
  SENDING: 'Sending',
  PENDING: 'Pending at the bank',
  SUCCESSFUL: 'Successful',
  FAILED: 'Failed (reversed)',
};

/** Statuses nothing will change any more. */
export const FINAL_TRANSFER_STATUSES: readonly TransferStatus[] = ['BLOCKED', 'SUCCESSFUL', 'FAILED'];
export const isFinalTransferStatus = (status: TransferStatus): boolean => FINAL_TRANSFER_STATUSES.includes(status);

/**
 * How long to wait before each re-query of a transfer whose outcome is unknown, counted from the
 * answer before it: NIP's own guidance is to re-query after a minute or two, then back off.
 * After the last one the transfer stays PENDING and is flagged for people (the Retry Portal):
 * it may have been paid, so it is never failed by the clock.
 */
export const REQUERY_SCHEDULE_SECONDS: readonly number[] = [30, 60, 120, 300, 600, 1_800, 3_600, 7_200, 21_600, 43_200, 86_400];

/** Seconds to wait before re-query number `attempt` (1 is the first); null once the schedule is spent. */
export function requeryDelaySeconds(attempt: number): number | null {
  return REQUERY_SCHEDULE_SECONDS[attempt - 1] ?? null;
}
