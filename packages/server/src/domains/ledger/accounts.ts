import { notFound } from '@traction/core';
import type { Db } from '../../db/connect';
import {
  computedBalances,
  findAccountByCode,
  findAccounts,
  findAccountsByCode,
  findWallet,
  insertCompanyAccounts,
  insertWalletAccount,
  namedAccounts,
} from './ledger.repository';

/**
 * The company's own accounts: each bank's float (clearing), fee income, cashback paid, the
 * suspense reversals wait in, manual adjustments. Later issues add theirs here.
 */
export const COMPANY_ACCOUNTS = {
  floatWema: 'company:float:wema',
  floatVfd: 'company:float:vfd',
  floatProvidus: 'company:float:providus',
  feeIncome: 'company:fee-income',
  cashbackExpense: 'company:cashback-expense',
  reversalsSuspense: 'company:reversals-suspense',
  adjustments: 'company:adjustments',
  /** What the card processors and aggregators owe us for merchants' payments until they are settled to wallets. */
  settlementClearing: 'company:settlement-clearing',
  /** What merchants owe on loans disbursed: debited by the principal and charges, credited by repayments and write-offs. */
  loansReceivable: 'company:loans-receivable',
  /** Interest and fees charged on loans. */
  loanIncome: 'company:loan-income',
  /** What was still owed on loans written off. */
  loanWriteOffs: 'company:loan-write-offs',
} as const;

export type CompanyAccount = keyof typeof COMPANY_ACCOUNTS;

/** How people name the company's accounts (previews, transaction details). */
const COMPANY_ACCOUNT_NAMES: Record<string, string> = {
  [COMPANY_ACCOUNTS.floatWema]: 'Wema float',
  [COMPANY_ACCOUNTS.floatVfd]: 'VFD float',
  [COMPANY_ACCOUNTS.floatProvidus]: 'Providus float',
  [COMPANY_ACCOUNTS.feeIncome]: 'Fee income',
  [COMPANY_ACCOUNTS.cashbackExpense]: 'Cashback expense',
  [COMPANY_ACCOUNTS.reversalsSuspense]: 'Reversals suspense',
  [COMPANY_ACCOUNTS.adjustments]: 'Manual adjustments',
  [COMPANY_ACCOUNTS.settlementClearing]: 'Settlement clearing',
  [COMPANY_ACCOUNTS.loansReceivable]: 'Loans receivable',
  [COMPANY_ACCOUNTS.loanIncome]: 'Loan interest and fees',
  [COMPANY_ACCOUNTS.loanWriteOffs]: 'Loan write-offs',
};

/** Each account's code and the name people know it by: "Wallet of Mama Put", "Fee income". */
export async function accountNames(db: Db, ids: readonly number[]): Promise<Map<number, { code: string; name: string }>> {
  const rows = ids.length ? await namedAccounts(db, ids) : [];
  return new Map(
    rows.map((row) => [
      row.id,
      { code: row.code, name: row.business_name !== null ? `Wallet of ${row.business_name}` : (COMPANY_ACCOUNT_NAMES[row.code] ?? row.code) },
    ]),
  );
}

/**
 * Opens the company accounts that do not exist yet (idempotent); answers every one's id. One read
 * when they all exist (every transfer asks): the insert runs only on a new database.
 */
export async function openCompanyAccounts(db: Db): Promise<Record<CompanyAccount, number>> {
  const codes = Object.values(COMPANY_ACCOUNTS);
  let found = await findAccountsByCode(db, codes);
  if (found.length < codes.length) {
    await insertCompanyAccounts(db, codes);
    found = await findAccountsByCode(db, codes);
  }
  const byCode = new Map(found.map((account) => [account.code, account.id]));
  const out = {} as Record<CompanyAccount, number>;
  for (const [name, code] of Object.entries(COMPANY_ACCOUNTS) as [CompanyAccount, string][]) {
    const id = byCode.get(code);
    if (id === undefined) throw new Error(`company account ${code} was not opened`);
    out[name] = id;
  }
  return out;
}

/** The ledger account of a wallet, opened on first use. 404 when the wallet does not exist. */
export async function walletAccount(db: Db, walletUid: string): Promise<{ id: number; code: string; businessId: number }> {
  const code = `wallet:${walletUid}`;
  let account = await findAccountByCode(db, code);
  if (!account) {
    const wallet = await findWallet(db, walletUid);
    if (!wallet) throw notFound(`Wallet ${walletUid} does not exist`);
    await insertWalletAccount(db, { uid: wallet.uid, businessId: wallet.business_id });
    account = await findAccountByCode(db, code);
  }
  if (!account || account.business_id === null) throw new Error(`wallet account ${code} was not opened`);
  return { id: account.id, code: account.code, businessId: account.business_id };
}

/** Balances in kobo: a wallet's from its running balance, a company account's summed from its transfers. */
export async function balances(db: Db, accountIds: readonly number[]): Promise<Map<number, bigint>> {
  const out = new Map<number, bigint>();
  if (accountIds.length === 0) return out;
  const accounts = await findAccounts(db, accountIds);
  const companyIds = accounts.filter((account) => account.kind === 'company').map((account) => account.id);
  const sums = companyIds.length ? await computedBalances(db, companyIds) : new Map<number, { debits: bigint; credits: bigint }>();
  for (const account of accounts) {
    if (account.kind === 'wallet') out.set(account.id, BigInt(account.balance));
    else {
      const sum = sums.get(account.id);
      out.set(account.id, sum ? sum.credits - sum.debits : 0n);
    }
  }
  for (const id of accountIds) if (!out.has(id)) throw notFound(`Ledger account ${id} does not exist`);
  return out;
}
