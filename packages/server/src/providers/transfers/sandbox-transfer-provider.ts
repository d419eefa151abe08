import { bankByCbnCode, isValidNuban } from '@traction/core';
import type { Db } from '../../db/connect';
import { formatSeconds } from '../banks/bank-provider';
import { hash, personName } from '../banks/sandbox-bank';
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

export interface SandboxTransferOptions {
  /** Waited before every answer, as a real provider's round trip (ms; default 0). */
  latencyMs?: number;
  /** Share of transfers first answered pending (09), final `pendingSeconds` later (0 to 1; default 0). */
  pendingRate?: number;
  /** Share of transfers received whose answer is lost: the send times out though the provider acted (default 0). */
  timeoutRate?: number;
  /** Share of transfers that fail, at once or, for pending ones, when they turn final (default 0). */
  failureRate?: number;
  /** How long a pending transfer stays pending (default 60). */
  pendingSeconds?: number;
  /** How long a call that gets no answer waits before giving up (default 30 s). */
  timeoutMs?: number;
  /** The provider's clock: when a transfer was received and when a pending one turns final. */
  now?: () => Date;
}

/** Each provider is also a bank: its CBN code keys the account numbers of our accounts there. */
const PROVIDER_BANK_CODE: Readonly<Record<TransferProviderName, string>> = { providus: '101', vfd: '566', wema: '035' };

/**
 * Behaves like a NIP provider without calling one, failures included. Answers are deterministic:
 * names from the account number, outcomes from the beneficiary's serial (its first nine digits)
 * or, for load and crash tests, from a hash of the session id against the configured rates.
 *
 * Name enquiry refuses a number whose NUBAN check digit is wrong for the bank, and a bank it does
 * not know; a serial ending in 997 is a valid number nobody holds, 998 an error answer
 * (`unavailable`), 999 no answer (`timeout` after `timeoutMs`).
 *
 * A transfer's outcome, by the beneficiary's serial ending (these numbers pass name enquiry):
 * - 991: failed at once (57, transaction not permitted to sender);
 * - 993: pending (09), then successful `pendingSeconds` later;
 * - 994: pending, then failed (51, no sufficient funds);
 * - 995 (and 999 when name enquiry is skipped): received and successful, but the answer is lost:
 *   the send throws `timeout` after `timeoutMs`; `status` tells the truth;
 * - 996 (and 998): `unavailable`, and not received;
 * - anything else: successful (00), unless the rates say otherwise.
 * A session id sent again is refused as `duplicate_session` and counted, never paid twice.
 *
 * What it received is written to its own table (sandbox_transfer_sessions) through the handle it
 * was given, outside any transaction of the caller's, so that it outlives our server being
 * killed, as a real provider's records would. `transfer` and `status` must therefore be called
 * outside a transaction: on PGlite, a single connection, they would otherwise wait for it forever.
 * `nameEnquiry` and `balanceEnquiry` touch no table and may be called anywhere.
 *
 * The outage switch (sandbox_transfer_outages) makes every call fail as `unavailable`. `transfer`
 * and `status` read it afresh; the enquiries use what was last read or set in this process.
 */
export class SandboxTransferProvider implements TransferProvider {
  readonly mode = 'sandbox' as const;
  private readonly bankName: string;
  private readonly nipCode: string;
  private outage = false;

  constructor(
    readonly name: TransferProviderName,
    private readonly db: Db,
    private readonly options: SandboxTransferOptions = {},
  ) {
    const bank = bankByCbnCode(PROVIDER_BANK_CODE[name])!;
    this.bankName = bank.name;
    this.nipCode = bank.nipCode;
  }

  async nameEnquiry(query: { bankCode: string; accountNumber: string }, options: TransferCallOptions = {}): Promise<NameEnquiryAnswer> {
    await this.answerDelay(options);
    this.assertAnswering();
    const bank = bankByCbnCode(query.bankCode);
    if (!bank) throw this.error('invalid_account', `${this.bankName} knows no bank with the CBN code ${query.bankCode}`);
    if (!isValidNuban(bank.cbnCode, query.accountNumber)) {
      throw this.error('invalid_account', `${this.bankName} says ${query.accountNumber} is not a valid ${bank.name} account number (NUBAN check digit)`);
    }
    const ending = query.accountNumber.slice(6, 9);
    if (ending === '998') throw this.error('unavailable', `${this.bankName} answered 96: system malfunction at ${bank.name}`);
    if (ending === '999') await this.noAnswer(options);
    if (ending === '997') throw this.error('not_found', `${bank.name} holds no account ${query.accountNumber}`);
    return {
      bankCode: bank.cbnCode,
      accountNumber: query.accountNumber,
      accountName: personName(hash(`${bank.cbnCode}:${query.accountNumber}`)),
      nameEnquiryRef: this.sessionLike(`ne:${bank.cbnCode}:${query.accountNumber}`),
    };
  }

  /** A deterministic balance per account; our float accounts are numbers at the provider's own bank. */
  async balanceEnquiry(query: { accountNumber: string }, options: TransferCallOptions = {}): Promise<{ accountNumber: string; availableKobo: bigint }> {
    await this.answerDelay(options);
    this.assertAnswering();
    if (!isValidNuban(PROVIDER_BANK_CODE[this.name], query.accountNumber)) {
      throw this.error('invalid_account', `${this.bankName} says ${query.accountNumber} is not a ${this.bankName} account number (NUBAN check digit)`);
    }
    return {
      accountNumber: query.accountNumber,
      availableKobo: 1_000_000_00n + BigInt(hash(`balance:${this.name}:${query.accountNumber}`) % 5_000_000_000) * 100n,
    };
  }

  async transfer(request: TransferRequest, options: TransferCallOptions = {}): Promise<TransferAnswer> {
    await this.answerDelay(options);
    await this.readOutage();
    this.assertAnswering();
    const ending = request.beneficiary.accountNumber.slice(6, 9);
    if (ending === '996' || ending === '998')
      throw this.error('unavailable', `${this.bankName} answered 91: beneficiary bank not available; the transfer was not received`);
    const now = this.now();
    const fate = this.fateOf(request, ending);
    const finalAt = fate.pending ? new Date(now.getTime() + (this.options.pendingSeconds ?? 60) * 1_000) : now;
    const inserted = await this.db
      .insertInto('sandbox_transfer_sessions')
      .values({
        provider: this.name,
        session_id: request.sessionId,
        reference: request.reference,
        amount: request.amountKobo,
        bank_code: request.beneficiary.bankCode,
        account_number: request.beneficiary.accountNumber,
        account_name: request.beneficiary.accountName,
        outcome: fate.pending ? 'pending' : fate.outcome,
        final_outcome: fate.outcome,
        final_code: fate.code,
        final_message: fate.message,
        final_at: finalAt,
        received_at: now,
      })
      .onConflict((conflict) => conflict.columns(['provider', 'session_id']).doNothing())
      .returning('session_id')
      .executeTakeFirst();
    if (!inserted) {
      await this.db
        .updateTable('sandbox_transfer_sessions')
        .set((eb) => ({ sends: eb('sends', '+', 1) }))
        .where('provider', '=', this.name)
        .where('session_id', '=', request.sessionId)
        .execute();
      throw this.error(
        'duplicate_session',
        `${this.bankName} answered 94: session ${request.sessionId} was already received (duplicate transaction); ask its status`,
      );
    }
    if (fate.lost) await this.noAnswer(options);
    return fate.pending
      ? { outcome: 'pending', responseCode: '09', message: 'Request in progress', sessionId: request.sessionId }
      : { outcome: fate.outcome, responseCode: fate.code, message: fate.message, sessionId: request.sessionId };
  }

  async status(query: { sessionId: string }, options: TransferCallOptions = {}): Promise<TransferAnswer> {
    await this.answerDelay(options);
    await this.readOutage();
    this.assertAnswering();
    const session = await this.db
      .selectFrom('sandbox_transfer_sessions')
      .select(['final_outcome', 'final_code', 'final_message', 'final_at'])
      .where('provider', '=', this.name)
      .where('session_id', '=', query.sessionId)
      .executeTakeFirst();
    if (!session) throw this.error('not_found', `${this.bankName} answered 25: no record of session ${query.sessionId}`);
    if (this.now().getTime() < new Date(session.final_at).getTime()) {
      return { outcome: 'pending', responseCode: '09', message: 'Request in progress', sessionId: query.sessionId };
    }
    return { outcome: session.final_outcome, responseCode: session.final_code, message: session.final_message, sessionId: query.sessionId };
  }

  /** Whether the outage switch is on, as last read or set. */
  get outageOn(): boolean {
    return this.outage;
  }

  /** Reads the outage switch from the provider's table (outside any transaction). */
  async readOutage(): Promise<boolean> {
    const row = await this.db.selectFrom('sandbox_transfer_outages').select('provider').where('provider', '=', this.name).executeTakeFirst();
    this.outage = row !== undefined;
    return this.outage;
  }

  /**
   * Switches the outage on or off through `db` (a command's transaction, so it commits with its
   * audit row); call `noteOutage` once that has committed.
   */
  async writeOutage(db: Db, down: boolean, at: Date): Promise<void> {
    if (down) {
      await db
        .insertInto('sandbox_transfer_outages')
        .values({ provider: this.name, since: at })
        .onConflict((c) => c.column('provider').doNothing())
        .execute();
    } else {
      await db.deleteFrom('sandbox_transfer_outages').where('provider', '=', this.name).execute();
    }
  }

  noteOutage(down: boolean): void {
    this.outage = down;
  }

  /** The outcome of a new transfer: provoked by the serial's ending, else drawn from the rates by the session id. */
  private fateOf(request: TransferRequest, ending: string): { outcome: 'success' | 'failed'; code: string; message: string; pending: boolean; lost: boolean } {
    const success = { outcome: 'success' as const, code: '00', message: 'Approved or completed successfully' };
    const notPermitted = { outcome: 'failed' as const, code: '57', message: 'Transaction not permitted to sender' };
    const noFunds = { outcome: 'failed' as const, code: '51', message: 'No sufficient funds' };
    if (ending === '991') return { ...notPermitted, pending: false, lost: false };
    if (ending === '993') return { ...success, pending: true, lost: false };
    if (ending === '994') return { ...noFunds, pending: true, lost: false };
    if (ending === '995' || ending === '999') return { ...success, pending: false, lost: true };
    const draw = (what: string) => share(`${what}:${request.sessionId}`);
    const failed = draw('failure') < (this.options.failureRate ?? 0);
    return {
      ...(failed ? notPermitted : success),
      pending: draw('pending') < (this.options.pendingRate ?? 0),
      lost: draw('timeout') < (this.options.timeoutRate ?? 0),
    };
  }

  private assertAnswering(): void {
    if (this.outage) throw this.error('unavailable', `${this.bankName} is not answering (sandbox outage switched on)`);
  }

  private async answerDelay(options: TransferCallOptions): Promise<void> {
    const latency = this.options.latencyMs ?? 0;
    if (latency > 0 && !(await wait(latency, options.signal))) {
      throw this.error('timeout', `The call to ${this.bankName} was given up before it answered`);
    }
  }

  /** The provider does not answer: the caller waits `timeoutMs` (or until it gives up) and hears nothing. */
  private async noAnswer(options: TransferCallOptions): Promise<never> {
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    await wait(timeoutMs, options.signal);
    throw this.error('timeout', `${this.bankName} did not answer within ${formatSeconds(timeoutMs)}`);
  }

  private error(kind: ConstructorParameters<typeof TransferProviderError>[1], message: string): TransferProviderError {
    return new TransferProviderError(this.name, kind, message);
  }

  private now(): Date {
    return (this.options.now ?? (() => new Date()))();
  }

  /** A NIP-shaped session id (institution code, yyMMddHHmmss, 12 digits) for name enquiries. */
  private sessionLike(seed: string): string {
    const stamp = this.now().toISOString().replace(/\D/g, '').slice(2, 14);
    const unique = `${hash(seed)}${hash(`${seed}:2`)}`.padStart(12, '0').slice(-12);
    return `${this.nipCode}${stamp}${unique}`;
  }
}

/**
 * A share in [0, 1) from a text, the same every time. FNV-1a alone spreads session ids that differ
 * in their last digits badly over its high bits (600 sequential ids drew no 5 % timeout at all);
 * murmur3's finalizer mixes them.
 */
function share(text: string): number {
  let h = hash(text);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** Waits `ms`; false when the signal gave up first. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve(true);
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** The three sandbox providers over one database, sharing their options. */
export function sandboxTransferProviders(db: Db, options: SandboxTransferOptions = {}): TransferProviders {
  return {
    providus: new SandboxTransferProvider('providus', db, options),
    vfd: new SandboxTransferProvider('vfd', db, options),
    wema: new SandboxTransferProvider('wema', db, options),
  };
}

/** Reads every sandbox's outage switch: once at start-up, before the enquiries rely on what was read. */
export async function readSandboxOutages(providers: TransferProviders): Promise<void> {
  for (const provider of Object.values(providers)) if (provider instanceof SandboxTransferProvider) await provider.readOutage();
}

/**
 * Sandbox options from `TRACTION_SANDBOX_TRANSFERS`, e.g.
 * `latency=50,pending=0.1,timeout=0.05,failure=0,pendingSeconds=5,timeoutMs=2000`; anything else
 * in it is refused, so a typo does not silently run a test without its failures.
 */
export function sandboxTransferOptionsFromEnv(text: string | undefined): SandboxTransferOptions {
  const options: SandboxTransferOptions = {};
  if (!text?.trim()) return options;
  const keys: Record<string, { field: keyof Omit<SandboxTransferOptions, 'now'>; rate: boolean }> = {
    latency: { field: 'latencyMs', rate: false },
    pending: { field: 'pendingRate', rate: true },
    timeout: { field: 'timeoutRate', rate: true },
    failure: { field: 'failureRate', rate: true },
    pendingSeconds: { field: 'pendingSeconds', rate: false },
    timeoutMs: { field: 'timeoutMs', rate: false },
  };
  for (const part of text.split(',')) {
    const [key = '', value = ''] = part.split('=').map((piece) => piece.trim());
    const known = keys[key];
    const number = Number(value);
    if (!known) throw new Error(`TRACTION_SANDBOX_TRANSFERS: unknown setting "${key}" (known: ${Object.keys(keys).join(', ')})`);
    if (value === '' || !Number.isFinite(number) || number < 0 || (known.rate && number > 1)) {
      throw new Error(`TRACTION_SANDBOX_TRANSFERS: ${key} must be ${known.rate ? 'a share from 0 to 1' : 'a number of 0 or more'}, got "${value}"`);
    }
    options[known.field] = number;
  }
  return options;
}
