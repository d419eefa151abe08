import { ApiError } from '@traction/core';
import type { Db } from '../../db/connect';
import type { AppDeps } from '../../deps';
import { type ChosenTransferProvider, chooseTransferProvider } from '../transfer-routing/index';
import { confirmBeneficiary } from '../transfers/index';
import { type CheckedRow, markDuplicates } from './bulk-row-checks';
import { referencesTaken } from './bulk-transfers.repository';

/** Name enquiries in flight at once: enough to hide a bank's round trip, few enough not to flood the provider. */
export const NAME_ENQUIRY_CONCURRENCY = 32;

/** A refusal's sentence without the single transfer's "nothing was sent" (an upload sends nothing anyway). */
const sentenceOf = (error: ApiError) => error.message.replace(/[:.]\s*nothing was sent.*$/i, '').trim();

/** Runs `work` over `items`, at most `limit` at once. */
async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * The checks that need more than the row: duplicates within the file, references already used
 * by a transfer (one query for all), and the name enquiry of every row whose bank and account
 * number passed their own checks, a few at once, each account asked once. A bank that refuses
 * the number, holds no such account, answers another name than the file expects, or does not
 * answer makes the row bad with its sentence; anything else (every provider down) stops the upload.
 */
export async function validateRows(db: Db, deps: AppDeps, rows: CheckedRow[]): Promise<void> {
  markDuplicates(rows);
  const taken = await referencesTaken(
    db,
    rows.filter((row) => !row.problems.some((problem) => problem.field === 'reference')).map((row) => row.reference),
  );
  for (const row of rows) {
    if (taken.has(row.reference)) row.problems.push({ field: 'reference', message: `${row.reference} is already the reference of another transfer` });
  }

  // The provider is chosen once per bank, as a single transfer would choose it: not once per row.
  const routes = new Map<string, Promise<ChosenTransferProvider>>();
  const routeOf = (bankCode: string) => {
    const known = routes.get(bankCode);
    if (known) return known;
    const route = chooseTransferProvider(db, bankCode);
    routes.set(bankCode, route);
    return route;
  };
  const enquiries = new Map<string, Promise<{ accountName: string } | { problem: { field: string; message: string } }>>();
  const ask = (row: CheckedRow) => {
    const key = `${row.bankCode}|${row.accountNumber}|${row.expectedName.toUpperCase()}`;
    let answer = enquiries.get(key);
    if (!answer) {
      answer = routeOf(row.bankCode)
        .then((route) =>
          confirmBeneficiary(db, deps, { bankCode: row.bankCode, accountNumber: row.accountNumber, expectedName: row.expectedName || undefined }, { route }),
        )
        .then(
          (beneficiary) => ({ accountName: beneficiary.accountName }),
          (error: unknown) => {
            if (!(error instanceof ApiError)) throw error;
            const reason = error.details?.reason;
            if (error.status === 409 && reason === 'name_mismatch') return { problem: { field: 'account_name', message: sentenceOf(error) } };
            if (error.status === 400 || error.status === 502 || error.status === 504)
              return { problem: { field: 'account_number', message: sentenceOf(error) } };
            throw error;
          },
        );
      enquiries.set(key, answer);
    }
    return answer;
  };
  const enquired = rows.filter(
    (row) => row.bankCode !== '' && !row.problems.some((problem) => problem.field === 'account_number' || problem.field === 'bank_code'),
  );
  await eachAtMost(enquired, NAME_ENQUIRY_CONCURRENCY, async (row) => {
    const answer = await ask(row);
    if ('problem' in answer) row.problems.push(answer.problem);
    else row.accountName = answer.accountName;
  });
}
