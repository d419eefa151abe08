/**
 * A funds-transfer provider: the NIP-style interface every bank or switch we send interbank
 * transfers through offers (name enquiry, balance enquiry, transfer, status query). A sandbox
 * behaves like one, failures included; an HTTP implementation calls one.
 *
 * Nigerian interbank transfers are not always answered at once: a provider may answer "pending"
 * (NIP 09, "request in progress") or not answer in time. Neither is a failure: the money may have
 * moved. The sender asks again by session id (`status`) until the answer is final.
 */
export const TRANSFER_PROVIDER_NAMES = ['providus', 'vfd', 'wema'] as const;
export type TransferProviderName = (typeof TRANSFER_PROVIDER_NAMES)[number];

export interface TransferCallOptions {
  signal?: AbortSignal;
}

/** The beneficiary as the provider's name enquiry answers it. */
export interface NameEnquiryAnswer {
  /** The beneficiary bank's CBN code (3 digits). */
  bankCode: string;
  accountNumber: string;
  accountName: string;
  /** The session id of the name enquiry; NIP asks for it on the transfer that follows. */
  nameEnquiryRef: string;
}

/**
 * A transfer's outcome as the provider states it. `success` and `failed` are final; `pending`
 * is not (ask again by session id).
 */
export interface TransferAnswer {
  outcome: 'success' | 'failed' | 'pending';
  /** NIP response code: 00 success, 09 pending, 25 no record, 51 insufficient funds, 91/96 unavailable, 94 duplicate … */
  responseCode: string;
  /** The provider's words. */
  message: string;
  /** Our session id, echoed. */
  sessionId: string;
}

export interface TransferRequest {
  /** 30-character NIP session id, chosen by us before the first send and reused on every retry. */
  sessionId: string;
  /** Our reference (the ledger transfer's). */
  reference: string;
  amountKobo: bigint;
  beneficiary: { bankCode: string; accountNumber: string; accountName: string };
  narration: string;
  /** Who the beneficiary's statement names as the sender. */
  senderName: string;
}

/**
 * Why a provider call failed. `invalid_account`: the number is not a valid NUBAN at that bank;
 * `not_found`: a valid number the bank holds no account for (or a session it has no record of);
 * `timeout`: no answer in time; `unavailable`: the provider answered with an error or could not be
 * reached; `duplicate_session`: a transfer with this session id was already received.
 */
export type TransferProviderErrorKind = 'invalid_account' | 'not_found' | 'timeout' | 'unavailable' | 'duplicate_session';

export class TransferProviderError extends Error {
  override readonly name = 'TransferProviderError';
  /** The provider may have acted although we have no usable answer: ask it by session id before sending again. */
  readonly outcomeUnknown: boolean;
  constructor(
    readonly provider: TransferProviderName,
    readonly kind: TransferProviderErrorKind,
    message: string,
    options?: { cause?: unknown; outcomeUnknown?: boolean },
  ) {
    super(message, options);
    this.outcomeUnknown = kind === 'timeout' || kind === 'duplicate_session' || options?.outcomeUnknown === true;
  }
}

export interface TransferProvider {
  readonly name: TransferProviderName;
  readonly mode: 'sandbox' | 'http';
  /** Who holds an account at a bank (CBN code). Throws `invalid_account` / `not_found` / `timeout` / `unavailable`. */
  nameEnquiry(query: { bankCode: string; accountNumber: string }, options?: TransferCallOptions): Promise<NameEnquiryAnswer>;
  /** What our account at the provider holds (kobo), for sweeps and the float view. */
  balanceEnquiry(query: { accountNumber: string }, options?: TransferCallOptions): Promise<{ accountNumber: string; availableKobo: bigint }>;
  /**
   * Sends a transfer. Answers success, failure or pending; throws `timeout` (outcome unknown),
   * `duplicate_session` (this session id was already received: ask `status`), `unavailable`.
   */
  transfer(request: TransferRequest, options?: TransferCallOptions): Promise<TransferAnswer>;
  /** The outcome of an earlier transfer by its session id. Throws `not_found` when the provider never received it. */
  status(query: { sessionId: string }, options?: TransferCallOptions): Promise<TransferAnswer>;
}

/** The providers we may send through, by name. */
export type TransferProviders = Readonly<Record<TransferProviderName, TransferProvider>>;
