import type { FixedAccountBank } from '@traction/core';

/** What a bank answers to a name enquiry. */
export interface BankAccountInfo {
  accountNumber: string;
  accountName: string;
  status: 'ACTIVE' | 'DORMANT' | 'POST_NO_DEBIT' | 'INACTIVE';
}

/** One line of a bank statement. Amounts are integer kobo. */
export interface BankTransaction {
  reference: string;
  sessionId: string;
  direction: 'CREDIT' | 'DEBIT';
  amountKobo: number;
  balanceAfterKobo: number;
  narration: string;
  counterpartyName: string;
  counterpartyBank: string;
  /** ISO 8601. */
  at: string;
}

/** How long to wait and when to give up: every bank call takes one. */
export interface BankCallOptions {
  /** Aborts the call (the request ended, or the caller's own deadline). */
  signal?: AbortSignal;
}

/** A bank's acknowledgement of a change it made. */
export interface BankReceipt {
  bankReference: string;
}

/**
 * What every bank that issues our virtual (fixed) accounts does for us. Each call either answers
 * or throws a `BankError`, so a handler calls the bank before writing anything and a failure
 * leaves our database as it was. A change whose outcome is unknown (`outcomeUnknown`) may still
 * have been made at the bank.
 */
export interface VirtualAccountBank {
  readonly bank: FixedAccountBank;
  /** `sandbox` behaves like the bank without calling it; `http` calls it. */
  readonly mode: 'sandbox' | 'http';
  /** Name enquiry: who holds the account and its status. */
  nameEnquiry(accountNumber: string, options?: BankCallOptions): Promise<BankAccountInfo>;
  /** Registers (or re-registers) one of our virtual accounts, so payments into it reach us. */
  registerAccount(account: { accountNumber: string; accountName: string }, options?: BankCallOptions): Promise<BankReceipt>;
  /** Changes the name the bank shows for one of our virtual accounts. */
  renameAccount(account: { accountNumber: string; accountName: string }, options?: BankCallOptions): Promise<BankReceipt>;
  /** Closes one of our virtual accounts at the bank. */
  deactivateAccount(account: { accountNumber: string; reason: string }, options?: BankCallOptions): Promise<BankReceipt>;
}

/** Wema Bank: name enquiry is what the console uses it for beyond the common calls. */
export interface WemaBank extends VirtualAccountBank {
  readonly bank: 'WEMA';
}

/** VFD Microfinance Bank: also answers statement queries. */
export interface VfdBank extends VirtualAccountBank {
  readonly bank: 'VFD';
  /** Transactions on an account between two Lagos days (inclusive), oldest first. */
  transactions(query: { accountNumber: string; fromDate: string; endDate: string }, options?: BankCallOptions): Promise<BankTransaction[]>;
}

/** Providus Bank: also re-sends inbound transfer notifications we missed. */
export interface ProvidusBank extends VirtualAccountBank {
  readonly bank: 'PROVIDUS';
  /** Asks Providus to send the notification of an inbound transfer again. */
  repushNotification(query: { accountNumber: string; sessionId: string }, options?: BankCallOptions): Promise<BankReceipt & { amountKobo: number }>;
}

/** The banks we work with, one provider each. */
export interface BankProviders {
  wema: WemaBank;
  vfd: VfdBank;
  providus: ProvidusBank;
}

/** The provider of the bank that issued an account. */
export function bankProvider(banks: BankProviders, bank: FixedAccountBank): VirtualAccountBank {
  return bank === 'WEMA' ? banks.wema : bank === 'VFD' ? banks.vfd : banks.providus;
}

/**
 * Why a bank call failed. `invalid_account`: the bank refuses the number (wrong check digit);
 * `not_found`: a valid number the bank does not hold, or a session it has no record of;
 * `timeout`: no answer in time (it may or may not have acted — nothing of ours changed);
 * `failed`: the bank answered with an error, an answer we could not read, or could not be reached.
 */
export type BankErrorKind = 'invalid_account' | 'not_found' | 'timeout' | 'failed';

export class BankError extends Error {
  override readonly name = 'BankError';
  /**
   * The bank may have acted although we have no answer we can use: it did not answer in time,
   * or answered success in a form we could not read. A change asked for must be checked at the
   * bank before it is asked for again.
   */
  readonly outcomeUnknown: boolean;
  constructor(
    readonly bank: FixedAccountBank,
    readonly kind: BankErrorKind,
    message: string,
    /** Which of the call's inputs the bank objected to (`accountNumber`, `sessionId`). */
    readonly subject?: 'accountNumber' | 'sessionId',
    options?: { cause?: unknown; outcomeUnknown?: boolean },
  ) {
    super(message, options);
    this.outcomeUnknown = kind === 'timeout' || options?.outcomeUnknown === true;
  }
}

/** A timeout as people read it: `50 ms`, `10 s`. */
export const formatSeconds = (ms: number) => (ms >= 1_000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`);
