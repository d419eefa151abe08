import { koboFromDatabase } from '@traction/core';
import type { Db } from '../../db/connect';
import { allAccounts, computedBalances, mismatchedReversals, transferCount, walletEntryStats } from './ledger.repository';

export interface LedgerDifference {
  /** The account's code, or null for the ledger as a whole. */
  account: string | null;
  problem: string;
  /** What the transfers say, in kobo. */
  expected: number | null;
  /** What is recorded, in kobo. */
  actual: number | null;
}

export interface LedgerCheck {
  ok: boolean;
  accounts: number;
  transfers: number;
  totalDebits: number;
  totalCredits: number;
  differences: LedgerDifference[];
}

/**
 * Recomputes every balance from the transfers and compares: each wallet's running balance with
 * its transfers, the whole ledger's debits with its credits, no wallet below zero unless
 * allowed, every reversal the mirror of its original, every wallet's entries (its transaction
 * log) one per transfer and ending at its balance.
 */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  // One snapshot for every read: postings committing between them would look like differences.
  if (!db.isTransaction)
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => checkLedger(trx));
  const [accounts, sums, transfers, mirrors, entries] = [
    await allAccounts(db),
    await computedBalances(db),
    await transferCount(db),
    await mismatchedReversals(db),
    await walletEntryStats(db),
  ];
  const differences: LedgerDifference[] = [];
  let totalDebits = 0n;
  let totalCredits = 0n;
  for (const sum of sums.values()) {
    totalDebits += sum.debits;
    totalCredits += sum.credits;
  }
  for (const account of accounts) {
    const sum = sums.get(account.id);
    const computed = sum ? sum.credits - sum.debits : 0n;
    const stored = BigInt(account.balance);
    if (account.kind === 'wallet' && stored !== computed) {
      differences.push({
        account: account.code,
        problem: 'balance differs from its transfers',
        expected: koboFromDatabase(computed),
        actual: koboFromDatabase(stored),
      });
    }
    const log = entries.get(account.id);
    if (log && (log.entries !== log.legs || log.lastAfter !== computed)) {
      differences.push({
        account: account.code,
        problem: `transaction log differs from its transfers (${log.entries} entries for ${log.legs} transfers)`,
        expected: koboFromDatabase(computed),
        actual: koboFromDatabase(log.lastAfter),
      });
    }
    if (account.kind === 'company' && stored !== 0n) {
      differences.push({ account: account.code, problem: 'a company account keeps no running balance', expected: 0, actual: koboFromDatabase(stored) });
    }
    if (account.kind === 'wallet' && !account.allow_negative && computed < 0n) {
      differences.push({ account: account.code, problem: 'wallet below zero', expected: 0, actual: koboFromDatabase(computed) });
    }
  }
  if (totalDebits !== totalCredits) {
    differences.push({
      account: null,
      problem: 'total debits differ from total credits',
      expected: koboFromDatabase(totalDebits),
      actual: koboFromDatabase(totalCredits),
    });
  }
  for (const mirror of mirrors) {
    differences.push({ account: null, problem: `reversal ${mirror.reference} does not mirror ${mirror.original}`, expected: null, actual: null });
  }
  return {
    ok: differences.length === 0,
    accounts: accounts.length,
    transfers,
    totalDebits: koboFromDatabase(totalDebits),
    totalCredits: koboFromDatabase(totalCredits),
    differences,
  };
}
