import type { AnyCommand } from '@traction/core';

/**
 * A queue of records to decide one after another: the rows of a list command under some filters,
 * as a list page shows them. KYC records today; credit and debit authorisations, terminal requests
 * and bulk approvals use the same piece.
 */
export interface ReviewQueue {
  /** The list command whose rows are the queue. */
  command: AnyCommand;
  /** Its filters exactly as the list page sends them (fixed ones included), so both share one cache entry. */
  filters: Readonly<Record<string, unknown>>;
  /** The list page showing the queue, with its filters: where the reviewer goes back to. */
  listPath: string;
  /** The list's name in messages ("Document Verification"). */
  title: string;
  /** Where one of its records opens. */
  recordPath(id: number): string;
}
