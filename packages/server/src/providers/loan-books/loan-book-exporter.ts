/**
 * The loan-management system the company keeps its loan book in (Loandisk today): deductions the
 * console took are handed to it in its repayment import format, so its loan balances follow ours.
 * An exporter either answers the file or throws a `LoanBookError`; nothing of ours changes either way.
 */

/** One repayment a deduction run took, as the loan book is told of it. */
export interface LoanBookRepayment {
  /** Our loan reference (LN-000042): the loan number the loan book knows the loan by. */
  loanReference: string;
  /** Kobo, positive. */
  amountKobo: bigint;
  collectedAt: Date;
  /** Who started the run that took it; null when no admin did. */
  collectedBy: string | null;
  runId: number;
  instalment: number;
  /** The ledger transfer's reference: one per repayment, so the loan book can refuse one imported twice. */
  ledgerReference: string;
}

/** The import file, ready to send as a download. */
export interface LoanBookFile {
  fileName: string;
  contentType: string;
  body: Uint8Array;
}

export interface LoanBookExporter {
  /** The loan-management system, as people name it ("Loandisk"). */
  readonly system: string;
  /** `sandbox` writes the file here; a live exporter would also hand it to the system. */
  readonly mode: 'sandbox' | 'http';
  /** The repayments of the Lagos days from..to (YYYY-MM-DD, both included) in the system's repayment import format. */
  repaymentImport(repayments: readonly LoanBookRepayment[], range: { from: string; to: string }, options?: { signal?: AbortSignal }): Promise<LoanBookFile>;
}

/**
 * Why an export failed. `unavailable`: the system is not answering (an outage; try later);
 * `failed`: it answered with an error or something we could not read.
 */
export type LoanBookErrorKind = 'unavailable' | 'failed';

export class LoanBookError extends Error {
  override readonly name = 'LoanBookError';
  constructor(
    readonly system: string,
    readonly kind: LoanBookErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
