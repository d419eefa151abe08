import { stringify } from 'csv-stringify/sync';
import { type LoanBookExporter, LoanBookError, type LoanBookFile, type LoanBookRepayment } from './loan-book-exporter';

/** Loandisk's repayment import columns, in its order (Repayments → Upload Repayments in Loandisk). */
export const LOANDISK_REPAYMENT_COLUMNS = [
  'Loan Number',
  'Repayment Amount',
  'Repayment Collected Date',
  'Repayment Method',
  'Collected By',
  'Description',
] as const;

/** The repayment method the loan book records for a deduction from the merchant's wallet. */
export const LOANDISK_REPAYMENT_METHOD = 'Wallet Deduction';
/** Who collected it when no admin started the run. */
const AUTOMATIC_COLLECTOR = 'Traction auto-deduction';

const LAGOS_OFFSET_MS = 3_600_000;

/** dd/mm/yyyy on the Lagos calendar: the date format Loandisk's import reads. */
export function loandiskDate(instant: Date): string {
  const [year, month, day] = new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** Kobo as the plain Naira number Loandisk reads: 1234.50, no symbol, no separators. */
const nairaNumber = (kobo: bigint) => `${kobo / 100n}.${(kobo % 100n).toString().padStart(2, '0')}`;

/** Text a spreadsheet would run as a formula gets an apostrophe: the file is opened in Excel before it is uploaded. */
const spreadsheetSafe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export interface SandboxLoanBookOptions {
  /** Start with the outage switched on (TRACTION_SANDBOX_LOAN_BOOK=outage), to rehearse the console's answer. */
  outage?: boolean;
}

/**
 * Writes the repayment import file as Loandisk takes it, here, without calling Loandisk: the file
 * an operator uploads there is the whole exchange (Loandisk imports repayments from a spreadsheet).
 * The outage switch (`setOutage`, or the option at start) makes every export fail as
 * `unavailable`, so the console's and the CLI's answer to a loan book that is down can be seen.
 */
export class SandboxLoanBook implements LoanBookExporter {
  readonly system = 'Loandisk';
  readonly mode = 'sandbox' as const;
  private outage: boolean;

  constructor(options: SandboxLoanBookOptions = {}) {
    this.outage = options.outage ?? false;
  }

  /** Whether the outage switch is on. */
  get outageOn(): boolean {
    return this.outage;
  }

  /** Switches the provoked outage on or off. */
  setOutage(down: boolean): void {
    this.outage = down;
  }

  async repaymentImport(repayments: readonly LoanBookRepayment[], range: { from: string; to: string }): Promise<LoanBookFile> {
    if (this.outage) throw new LoanBookError(this.system, 'unavailable', `${this.system} is not answering (sandbox outage switched on)`);
    const rows = repayments.map((repayment) => [
      repayment.loanReference,
      nairaNumber(repayment.amountKobo),
      loandiskDate(repayment.collectedAt),
      LOANDISK_REPAYMENT_METHOD,
      spreadsheetSafe(repayment.collectedBy ?? AUTOMATIC_COLLECTOR),
      spreadsheetSafe(`Deduction run #${repayment.runId}, instalment ${repayment.instalment}, ${repayment.ledgerReference}`),
    ]);
    const body = new TextEncoder().encode(stringify([[...LOANDISK_REPAYMENT_COLUMNS], ...rows]));
    return { fileName: `loandisk-repayments-${range.from}-to-${range.to}.csv`, contentType: 'text/csv; charset=utf-8', body };
  }
}

/** The sandbox as the environment sets it up: TRACTION_SANDBOX_LOAN_BOOK=outage starts it down. */
export function loanBookFromEnv(env: NodeJS.ProcessEnv): SandboxLoanBook {
  return new SandboxLoanBook({ outage: env.TRACTION_SANDBOX_LOAN_BOOK === 'outage' });
}
