import type { FixedAccountStatus, WalletStatus } from '../schemas/risk';

/**
 * Who may move money: written once, here, and used by the server's money guard (which refuses
 * with 409 and this reason), the merchant page (which shows it) and any later wallet, transfer or
 * settlement command. Pure: it reads only what it is given.
 *
 * | state                                | debits (money out) | credits (money in)          |
 * | ------------------------------------ | ------------------ | --------------------------- |
 * | business marked as fraud             | refused            | refused                     |
 * | no wallet                            | refused            | refused                     |
 * | wallet ACTIVE                        | allowed            | allowed                     |
 * | wallet PND (post-no-debit)           | refused            | allowed                     |
 * | wallet FROZEN                        | refused            | refused                     |
 * | wallet CLOSED                        | refused            | refused                     |
 * | credit through a blacklisted account | —                  | refused (that account only) |
 * | credit through a deactivated account | —                  | refused (that account only) |
 *
 * The first rule that refuses gives the reason. Being trusted is deliberately not an input:
 * trust relaxes reviews, never these rules.
 */
export interface MoneyPolicyInput {
  /** The business is marked as fraud. */
  isFraud: boolean;
  /** Its wallet's status; null when it has no wallet. */
  walletStatus: WalletStatus | null;
  /** For a credit arriving through one of its fixed (virtual) accounts: that account. */
  fixedAccount?: { accountNumber: string; blacklisted: boolean; status: FixedAccountStatus } | null;
}

export interface MoneyDecision {
  allowed: boolean;
  /** A sentence people read: why not, or that it may. */
  reason: string;
  /** Machine reason: `ok`, `fraud`, `no_wallet`, `wallet_pnd`, `wallet_frozen`, `wallet_closed`, `account_blacklisted`, `account_deactivated`. */
  rule: string;
}

export interface MoneyPolicy {
  /** Money leaving the business (transfers out, withdrawals, wallet debits). */
  debit: MoneyDecision;
  /** Money reaching the business (inbound transfers, wallet credits, settlements). */
  credit: MoneyDecision;
}

const allowed = (what: string): MoneyDecision => ({ allowed: true, reason: `${what} may move`, rule: 'ok' });
const refused = (rule: string, reason: string): MoneyDecision => ({ allowed: false, reason, rule });

/** What the business may do with money now. */
export function moneyMovementPolicy(input: MoneyPolicyInput): MoneyPolicy {
  if (input.isFraud) {
    const decision = refused('fraud', 'The business is marked as fraud: no money moves in or out until the mark is cleared');
    return { debit: decision, credit: decision };
  }
  let debit: MoneyDecision;
  let credit: MoneyDecision;
  switch (input.walletStatus) {
    case null:
      debit = credit = refused('no_wallet', 'The business has no wallet to pay from or into');
      break;
    case 'ACTIVE':
      debit = allowed('Money out');
      credit = allowed('Money in');
      break;
    case 'PND':
      debit = refused('wallet_pnd', 'The wallet is on post-no-debit (PND): money may come in but not go out');
      credit = allowed('Money in');
      break;
    case 'FROZEN':
      debit = credit = refused('wallet_frozen', 'The wallet is frozen: no money moves in or out');
      break;
    case 'CLOSED':
      debit = credit = refused('wallet_closed', 'The wallet is closed: no money moves in or out');
      break;
  }
  const account = input.fixedAccount;
  if (credit.allowed && account) {
    if (account.blacklisted) credit = refused('account_blacklisted', `Fixed account ${account.accountNumber} is blacklisted: payments into it are refused`);
    else if (account.status === 'DEACTIVATED')
      credit = refused('account_deactivated', `Fixed account ${account.accountNumber} is deactivated: payments into it are refused`);
  }
  return { debit, credit };
}
