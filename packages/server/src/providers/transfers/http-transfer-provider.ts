/**
 * A funds-transfer provider over HTTP: a plain JSON NIP gateway. Every call is a POST with
 * `authorization: Bearer <api key>` and a JSON body, answered with JSON:
 *
 *   POST /nameenquiry     { bankCode, accountNumber }
 *                      →  200 { accountName, nameEnquiryRef }
 *                         404 (no such account) · 400/422 { code: 'INVALID_ACCOUNT' } (not a valid number)
 *   POST /balanceenquiry  { accountNumber }
 *                      →  200 { accountNumber, availableKobo }          availableKobo: whole kobo
 *   POST /transfer        { sessionId, reference, amountKobo, beneficiary: { bankCode, accountNumber, accountName },
 *                           narration, senderName }
 *                      →  200 { responseCode, message, sessionId }       NIP codes: 00 success, 09 pending …
 *                         409 or responseCode 94 (this session id was already received)
 *   POST /status          { sessionId }
 *                      →  200 { responseCode, message, sessionId }
 *                         404 or responseCode 25 (no record of the session)
 *
 * Amounts are whole kobo as JSON numbers (a gateway's largest transfer is far below 2^53 kobo).
 * A transfer that gets no answer in time, a 5xx, or an answer we cannot read may have been acted
 * on: it is outcome-unknown, and the caller asks `status` before sending again. Nothing is retried
 * here: a transfer is never sent twice behind the caller's back.
 */
import { FetchError, ofetch } from 'ofetch';
import { z } from 'zod';
import { formatSeconds } from '../banks/bank-provider';
import {
  type NameEnquiryAnswer,
  type TransferAnswer,
  type TransferCallOptions,
  type TransferProvider,
  type TransferProviderName,
  TransferProviderError,
  type TransferProviders,
  type TransferRequest,
} from './transfer-provider';

export interface HttpTransferProviderOptions {
  /** Base URL of the provider's NIP gateway. */
  url: string;
  apiKey: string;
  /** Give up after this long (default 30 s): a transfer is then outcome-unknown. */
  timeoutMs?: number;
}

/** NIP codes that say "not final yet, ask again": in progress, no answer from the beneficiary bank, system malfunction, timeout. */
const ASK_AGAIN = new Set(['09', '01', '91', '96', '97']);

const nameAnswer = z.object({ accountName: z.string().trim().min(1).max(200), nameEnquiryRef: z.string().trim().min(1).max(60) });
const balanceAnswer = z.object({ accountNumber: z.string(), availableKobo: z.number().int().refine(Number.isSafeInteger, 'must be whole kobo') });
const transferAnswer = z.object({
  responseCode: z.string().regex(/^\d{2}$/, 'must be a 2-digit NIP response code'),
  message: z.string().max(500).default(''),
  sessionId: z.string(),
});

const PROVIDER_NAMES: Readonly<Record<TransferProviderName, string>> = { providus: 'Providus', vfd: 'VFD', wema: 'Wema' };

export class HttpTransferProvider implements TransferProvider {
  readonly mode = 'http' as const;
  private readonly label: string;

  constructor(
    readonly name: TransferProviderName,
    private readonly options: HttpTransferProviderOptions,
  ) {
    this.label = PROVIDER_NAMES[name];
  }

  async nameEnquiry(query: { bankCode: string; accountNumber: string }, options: TransferCallOptions = {}): Promise<NameEnquiryAnswer> {
    const answer = this.read(nameAnswer, await this.call('/nameenquiry', query, options, false), false);
    return { bankCode: query.bankCode, accountNumber: query.accountNumber, accountName: answer.accountName, nameEnquiryRef: answer.nameEnquiryRef };
  }

  async balanceEnquiry(query: { accountNumber: string }, options: TransferCallOptions = {}): Promise<{ accountNumber: string; availableKobo: bigint }> {
    const answer = this.read(balanceAnswer, await this.call('/balanceenquiry', query, options, false), false);
    return { accountNumber: query.accountNumber, availableKobo: BigInt(answer.availableKobo) };
  }

  async transfer(request: TransferRequest, options: TransferCallOptions = {}): Promise<TransferAnswer> {
    const body = {
      sessionId: request.sessionId,
      reference: request.reference,
      amountKobo: Number(request.amountKobo),
      beneficiary: request.beneficiary,
      narration: request.narration,
      senderName: request.senderName,
    };
    const answer = this.read(transferAnswer, await this.call('/transfer', body, options, true), true);
    if (answer.responseCode === '94') throw this.error('duplicate_session', `${this.label} answered 94: session ${request.sessionId} was already received`);
    return this.outcome(answer, request.sessionId);
  }

  async status(query: { sessionId: string }, options: TransferCallOptions = {}): Promise<TransferAnswer> {
    const answer = this.read(transferAnswer, await this.call('/status', query, options, false), false);
    if (answer.responseCode === '25') throw this.error('not_found', `${this.label} answered 25: no record of session ${query.sessionId}`);
    return this.outcome(answer, query.sessionId);
  }

  private outcome(answer: z.infer<typeof transferAnswer>, sessionId: string): TransferAnswer {
    const outcome = answer.responseCode === '00' ? 'success' : ASK_AGAIN.has(answer.responseCode) ? 'pending' : 'failed';
    return { outcome, responseCode: answer.responseCode, message: answer.message, sessionId };
  }

  /** An answer we cannot read is the provider failing; after a transfer it may still have acted. */
  private read<T>(schema: z.ZodType<T>, answer: unknown, transfer: boolean): T {
    const parsed = schema.safeParse(answer);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw this.error('unavailable', `${this.label} answered in a form we could not read (${where}${issue?.message ?? 'unexpected answer'})`, {
      cause: parsed.error,
      outcomeUnknown: transfer,
    });
  }

  private async call(path: string, body: Record<string, unknown>, options: TransferCallOptions, transfer: boolean): Promise<unknown> {
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
    try {
      return await ofetch<unknown>(`${this.options.url.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.apiKey}` },
        body,
        signal,
        retry: 0,
      });
    } catch (error) {
      throw this.explain(error, timeoutMs, transfer);
    }
  }

  private explain(error: unknown, timeoutMs: number, transfer: boolean): TransferProviderError {
    const status = error instanceof FetchError ? error.status : undefined;
    const data = error instanceof FetchError ? (error.data as { code?: unknown; message?: unknown; responseCode?: unknown } | undefined) : undefined;
    const said = typeof data?.message === 'string' ? `: ${data.message}` : '';
    const cause = error instanceof Error ? (error.cause as { name?: string } | undefined) : undefined;
    const timedOut =
      (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) ||
      cause?.name === 'TimeoutError' ||
      cause?.name === 'AbortError';
    if (status === undefined && timedOut) return this.error('timeout', `${this.label} did not answer within ${formatSeconds(timeoutMs)}`, { cause: error });
    if ((status === 400 || status === 422) && data?.code === 'INVALID_ACCOUNT') {
      return this.error('invalid_account', `${this.label} says the account number is not valid${said}`, { cause: error });
    }
    if (status === 409 && transfer)
      return this.error('duplicate_session', `${this.label} answered 409: the session was already received${said}`, { cause: error });
    if (status === 404) return this.error('not_found', `${this.label} has no record of it${said}`, { cause: error });
    // A 5xx after a transfer was sent, or a connection lost mid-answer: it may have been received.
    // A connection refused, or a name that does not resolve, never reached the provider.
    const unknown = transfer && (status === undefined ? !neverConnected(error) : status >= 500);
    return this.error('unavailable', status ? `${this.label} answered ${status}${said}` : `${this.label} could not be reached`, {
      cause: error,
      outcomeUnknown: unknown,
    });
  }

  private error(kind: ConstructorParameters<typeof TransferProviderError>[1], message: string, options?: { cause?: unknown; outcomeUnknown?: boolean }) {
    return new TransferProviderError(this.name, kind, message, options);
  }
}

/** Whether the request never left: the connection was refused or the host name did not resolve. */
function neverConnected(error: unknown): boolean {
  for (let cause = error; cause instanceof Error || (typeof cause === 'object' && cause !== null); cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND') return true;
    if (!('cause' in cause)) break;
  }
  return false;
}

/** The three providers over HTTP. */
export function httpTransferProviders(options: Record<TransferProviderName, HttpTransferProviderOptions>): TransferProviders {
  return {
    providus: new HttpTransferProvider('providus', options.providus),
    vfd: new HttpTransferProvider('vfd', options.vfd),
    wema: new HttpTransferProvider('wema', options.wema),
  };
}
