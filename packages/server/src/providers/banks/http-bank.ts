import { FIXED_ACCOUNT_BANKS, isValidNuban, type FixedAccountBank } from '@traction/core';
import { FetchError, ofetch } from 'ofetch';
import { z } from 'zod';
import {
  BankError,
  formatSeconds,
  type BankAccountInfo,
  type BankCallOptions,
  type BankProviders,
  type BankReceipt,
  type BankTransaction,
  type ProvidusBank,
  type VfdBank,
  type WemaBank,
} from './bank-provider';

/** Whole kobo, exactly: a bank's amounts are never rounded or guessed. */
const kobo = z.number().int().refine(Number.isSafeInteger, 'must be a whole number of kobo');
const accountAnswer = z.object({ accountName: z.string().trim().min(1), status: z.enum(['ACTIVE', 'DORMANT', 'POST_NO_DEBIT', 'INACTIVE']).optional() });
const receiptAnswer = z.object({ bankReference: z.string().trim().min(1).max(100) });
const repushAnswer = receiptAnswer.extend({ amountKobo: kobo.refine((amount) => amount > 0, 'must be more than zero') });
const statementAnswer = z.object({
  items: z.array(
    z.object({
      reference: z.string().min(1),
      sessionId: z.string(),
      direction: z.enum(['CREDIT', 'DEBIT']),
      amountKobo: kobo,
      balanceAfterKobo: kobo,
      narration: z.string(),
      counterpartyName: z.string(),
      counterpartyBank: z.string(),
      at: z.iso.datetime({ offset: true }),
    }),
  ),
});

export interface HttpBankOptions {
  /** Base URL of the bank's API (or of the gateway in front of it). */
  url: string;
  apiKey: string;
  /** Give up after this long; the admin is told and nothing of ours changes. Default 10 s. */
  timeoutMs?: number;
}

/**
 * Calls a bank over HTTP, in the shape our bank gateway exposes for each bank:
 * `GET /accounts/{n}` (name enquiry), `GET /accounts/{n}/transactions?fromDate&endDate`,
 * `POST /virtual-accounts/{n}/register|rename|deactivate`, `POST /notifications/repush`.
 * Every call has a deadline (AbortSignal) and is not retried: a change the bank may have made
 * is never sent twice behind the admin's back.
 */
export class HttpBank {
  readonly mode = 'http' as const;
  private readonly name: string;

  constructor(
    readonly bank: FixedAccountBank,
    private readonly options: HttpBankOptions,
  ) {
    this.name = FIXED_ACCOUNT_BANKS[bank].name;
  }

  async nameEnquiry(accountNumber: string, options: BankCallOptions = {}): Promise<BankAccountInfo> {
    this.checkAccount(accountNumber);
    const answer = this.read(accountAnswer, await this.call('GET', `/accounts/${accountNumber}`, undefined, options, 'accountNumber'), false);
    return { accountNumber, accountName: answer.accountName, status: answer.status ?? 'ACTIVE' };
  }

  async registerAccount(account: { accountNumber: string; accountName: string }, options: BankCallOptions = {}): Promise<BankReceipt> {
    this.checkAccount(account.accountNumber);
    return this.read(
      receiptAnswer,
      await this.call('POST', `/virtual-accounts/${account.accountNumber}/register`, { accountName: account.accountName }, options, 'accountNumber'),
      true,
    );
  }

  async renameAccount(account: { accountNumber: string; accountName: string }, options: BankCallOptions = {}): Promise<BankReceipt> {
    this.checkAccount(account.accountNumber);
    return this.read(
      receiptAnswer,
      await this.call('POST', `/virtual-accounts/${account.accountNumber}/rename`, { accountName: account.accountName }, options, 'accountNumber'),
      true,
    );
  }

  async deactivateAccount(account: { accountNumber: string; reason: string }, options: BankCallOptions = {}): Promise<BankReceipt> {
    this.checkAccount(account.accountNumber);
    return this.read(
      receiptAnswer,
      await this.call('POST', `/virtual-accounts/${account.accountNumber}/deactivate`, { reason: account.reason }, options, 'accountNumber'),
      true,
    );
  }

  async transactions(query: { accountNumber: string; fromDate: string; endDate: string }, options: BankCallOptions = {}): Promise<BankTransaction[]> {
    this.checkAccount(query.accountNumber);
    const path = `/accounts/${query.accountNumber}/transactions?${new URLSearchParams({ fromDate: query.fromDate, endDate: query.endDate })}`;
    return this.read(statementAnswer, await this.call('GET', path, undefined, options, 'accountNumber'), false).items;
  }

  async repushNotification(query: { accountNumber: string; sessionId: string }, options: BankCallOptions = {}): Promise<BankReceipt & { amountKobo: number }> {
    this.checkAccount(query.accountNumber);
    const answer = this.read(repushAnswer, await this.call('POST', '/notifications/repush', query, options, 'sessionId'), true);
    return { bankReference: answer.bankReference, amountKobo: answer.amountKobo };
  }

  /**
   * The bank's answer checked against what it promises to send: anything else is the bank
   * failing (502), never a crash of ours (500). A change answered in a form we cannot read may
   * still have been made, so it says its outcome is unknown.
   */
  private read<T>(schema: z.ZodType<T>, answer: unknown, change: boolean): T {
    const parsed = schema.safeParse(answer);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return this.fail(`${this.name} answered in a form we could not read (${where}${issue?.message ?? 'unexpected answer'})`, change, parsed.error);
  }

  private fail(message: string, outcomeUnknown: boolean, cause: unknown): never {
    throw new BankError(this.bank, 'failed', message, undefined, { cause, outcomeUnknown });
  }

  /** The check the bank would make, made here first to save a call. */
  private checkAccount(accountNumber: string): void {
    if (!isValidNuban(FIXED_ACCOUNT_BANKS[this.bank].code, accountNumber)) {
      throw new BankError(
        this.bank,
        'invalid_account',
        `${this.name} says ${accountNumber} is not a valid ${this.name} account number (NUBAN check digit)`,
        'accountNumber',
      );
    }
  }

  private async call(method: 'GET' | 'POST', path: string, body: unknown, options: BankCallOptions, subject: 'accountNumber' | 'sessionId'): Promise<unknown> {
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
    try {
      return await ofetch<unknown>(`${this.options.url.replace(/\/$/, '')}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.options.apiKey}` },
        ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
        signal,
        retry: 0,
      });
    } catch (error) {
      throw this.explain(error, timeoutMs, subject);
    }
  }

  private explain(error: unknown, timeoutMs: number, subject: 'accountNumber' | 'sessionId'): BankError {
    const status = error instanceof FetchError ? error.status : undefined;
    const data = error instanceof FetchError ? (error.data as { code?: string; message?: string } | undefined) : undefined;
    const cause = error instanceof Error ? (error.cause as { name?: string } | undefined) : undefined;
    const timedOut =
      (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) ||
      cause?.name === 'TimeoutError' ||
      cause?.name === 'AbortError';
    if (status === undefined && timedOut)
      return new BankError(this.bank, 'timeout', `${this.name} did not answer within ${formatSeconds(timeoutMs)}`, subject, { cause: error });
    if ((status === 400 || status === 422) && data?.code === 'INVALID_ACCOUNT') {
      return new BankError(this.bank, 'invalid_account', `${this.name} says the account number is not valid`, 'accountNumber', { cause: error });
    }
    if (status === 404) return new BankError(this.bank, 'not_found', data?.message ?? `${this.name} has no record of it`, subject, { cause: error });
    return new BankError(
      this.bank,
      'failed',
      status ? `${this.name} answered ${status}${data?.message ? `: ${data.message}` : ''}` : `${this.name} could not be reached`,
      undefined,
      { cause: error },
    );
  }
}

/** The three banks over HTTP. */
export function httpBanks(options: Record<'wema' | 'vfd' | 'providus', HttpBankOptions>): BankProviders {
  return {
    wema: new HttpBank('WEMA', options.wema) as unknown as WemaBank,
    vfd: new HttpBank('VFD', options.vfd) as unknown as VfdBank,
    providus: new HttpBank('PROVIDUS', options.providus) as unknown as ProvidusBank,
  };
}
