import { FIXED_ACCOUNT_BANKS, isValidNuban, type FixedAccountBank } from '@traction/core';
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

/**
 * The bank's own register of the virtual accounts it issued to us. The sandbox reads our
 * fixed_accounts table for it, which mirrors what the real banks hold.
 */
export type BankDirectory = (bank: FixedAccountBank, accountNumber: string) => Promise<{ accountName: string; status: 'ACTIVE' | 'DEACTIVATED' } | null>;

export interface SandboxBankOptions {
  /** Our accounts, as the bank knows them; without it every account gets a made-up holder. */
  directory?: BankDirectory;
  /** How long a provoked timeout waits before giving up (the HTTP banks' timeout; 10 s by default). */
  timeoutMs?: number;
  /** The bank's clock: statements stop at its now. */
  now?: () => Date;
}

/**
 * Behaves like the bank without calling it. Answers are deterministic, derived from the account
 * number (and from our own fixed accounts where the number is one of ours), and the bank's
 * checks are made as the bank makes them: a number whose NUBAN check digit is wrong for the
 * bank's code is refused as an invalid account.
 *
 * Failures are provoked by the number's serial (its first nine digits) or the session id:
 * - serial ending in `999` (or a session id ending in `999`): the bank does not answer; the call
 *   times out after `timeoutMs`;
 * - ending in `998`: the bank answers with an error (503);
 * - serial ending in `997`: a valid number the bank holds no account for;
 * - a session id ending in `000`: a session the bank has no record of.
 * Valid numbers with such serials are easy to make: `nuban('035', '123456999')`.
 */
export class SandboxBank {
  readonly mode = 'sandbox' as const;
  private readonly name: string;
  private readonly code: string;

  constructor(
    readonly bank: FixedAccountBank,
    private readonly options: SandboxBankOptions = {},
  ) {
    this.name = FIXED_ACCOUNT_BANKS[bank].name;
    this.code = FIXED_ACCOUNT_BANKS[bank].code;
  }

  async nameEnquiry(accountNumber: string, options: BankCallOptions = {}): Promise<BankAccountInfo> {
    await this.checkAccount(accountNumber, options);
    const ours = await this.options.directory?.(this.bank, accountNumber);
    if (ours) return { accountNumber, accountName: ours.accountName, status: ours.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE' };
    const h = hash(`${this.bank}:${accountNumber}`);
    const status = h % 25 === 0 ? 'DORMANT' : h % 25 === 1 ? 'POST_NO_DEBIT' : 'ACTIVE';
    return { accountNumber, accountName: personName(h), status };
  }

  async registerAccount(account: { accountNumber: string; accountName: string }, options: BankCallOptions = {}): Promise<BankReceipt> {
    await this.checkAccount(account.accountNumber, options);
    return { bankReference: this.reference('REG', account.accountNumber, account.accountName) };
  }

  async renameAccount(account: { accountNumber: string; accountName: string }, options: BankCallOptions = {}): Promise<BankReceipt> {
    await this.checkAccount(account.accountNumber, options);
    return { bankReference: this.reference('REN', account.accountNumber, account.accountName) };
  }

  async deactivateAccount(account: { accountNumber: string; reason: string }, options: BankCallOptions = {}): Promise<BankReceipt> {
    await this.checkAccount(account.accountNumber, options);
    return { bankReference: this.reference('DEA', account.accountNumber, account.reason) };
  }

  /**
   * A statement: a few transfers a day, deterministic per account and day, never after the bank's
   * now. The running balance is the account's own, whatever period is asked: it is carried from
   * STATEMENT_EPOCH day by day, in time order, so each balance is the one before plus an inflow
   * or minus an outflow, and never goes below zero.
   */
  async transactions(query: { accountNumber: string; fromDate: string; endDate: string }, options: BankCallOptions = {}): Promise<BankTransaction[]> {
    await this.checkAccount(query.accountNumber, options);
    const now = (this.options.now ?? (() => new Date()))().getTime();
    let balance = 50_000_00 + (hash(`balance:${query.accountNumber}`) % 2_000_000_00);
    const from = Date.parse(`${query.fromDate}T00:00:00+01:00`);
    const items: BankTransaction[] = [];
    for (let day = Math.min(from, STATEMENT_EPOCH); day <= Date.parse(`${query.endDate}T00:00:00+01:00`); day += 86_400_000) {
      const dayKey = new Date(day + 3_600_000).toISOString().slice(0, 10);
      const count = hash(`count:${query.accountNumber}:${dayKey}`) % 4;
      const moments = Array.from({ length: count }, (_, n) => {
        const h = hash(`tx:${query.accountNumber}:${dayKey}:${n}`);
        return { n, h, at: day + 7 * 3_600_000 + (h % (14 * 3_600)) * 1_000 + n };
      }).sort((a, b) => a.at - b.at);
      for (const { n, h, at } of moments) {
        if (at > now) break;
        const amountKobo = 500_00 + (hash(`amount:${h}`) % 500_000_00);
        const direction = h % 10 < 7 || amountKobo > balance ? 'CREDIT' : 'DEBIT';
        balance += direction === 'CREDIT' ? amountKobo : -amountKobo;
        if (day < from) continue;
        const counterparty = personName(hash(`who:${h}`));
        const stamp = new Date(at + 3_600_000).toISOString().replace(/\D/g, '').slice(2, 14);
        items.push({
          reference: `VFD${String(h).padStart(10, '0')}${n}`,
          sessionId: `100004${stamp}${String(hash(`session:${h}`))
            .padStart(12, '0')
            .slice(0, 12)}`,
          direction,
          amountKobo,
          balanceAfterKobo: balance,
          narration: direction === 'CREDIT' ? `Transfer from ${counterparty}` : `Transfer to ${counterparty}`,
          counterpartyName: counterparty,
          counterpartyBank: COUNTERPARTY_BANKS[hash(`bank:${h}`) % COUNTERPARTY_BANKS.length]!,
          at: new Date(at).toISOString(),
        });
      }
    }
    return items;
  }

  /** Re-sends an inbound transfer notification. */
  async repushNotification(query: { accountNumber: string; sessionId: string }, options: BankCallOptions = {}): Promise<BankReceipt & { amountKobo: number }> {
    await this.checkAccount(query.accountNumber, options);
    await this.provoked(query.sessionId.slice(-3), options, 'sessionId');
    if (query.sessionId.endsWith('000')) {
      throw new BankError(this.bank, 'not_found', `${this.name} has no transfer with session id ${query.sessionId} into ${query.accountNumber}`, 'sessionId');
    }
    return {
      bankReference: this.reference('RPS', query.accountNumber, query.sessionId),
      amountKobo: 100_00 + (hash(`repush:${query.sessionId}`) % 1_000_000_00),
    };
  }

  /** The bank's checks on an account number, and the failures its serial provokes. */
  private async checkAccount(accountNumber: string, options: BankCallOptions): Promise<void> {
    if (!isValidNuban(this.code, accountNumber)) {
      throw new BankError(
        this.bank,
        'invalid_account',
        `${this.name} says ${accountNumber} is not a valid ${this.name} account number (NUBAN check digit)`,
        'accountNumber',
      );
    }
    const ending = accountNumber.slice(6, 9);
    await this.provoked(ending, options, 'accountNumber');
    if (ending === '997') throw new BankError(this.bank, 'not_found', `${this.name} holds no account ${accountNumber}`, 'accountNumber');
  }

  private async provoked(ending: string, options: BankCallOptions, subject: 'accountNumber' | 'sessionId'): Promise<void> {
    if (ending === '998') throw new BankError(this.bank, 'failed', `${this.name} answered 503 Service Unavailable`, subject);
    if (ending !== '999') return;
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      options.signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    throw new BankError(this.bank, 'timeout', `${this.name} did not answer within ${formatSeconds(timeoutMs)}`, subject);
  }

  private reference(kind: string, ...parts: string[]): string {
    return `${this.bank.slice(0, 3)}-${kind}-${String(hash(parts.join('|'))).padStart(10, '0')}`;
  }
}

/** The day the sandbox's statements start from (Lagos midnight): balances carry on from here. */
const STATEMENT_EPOCH = Date.parse('2025-01-01T00:00:00+01:00');

/** The three sandbox banks, sharing one directory and timeout. */
export function sandboxBanks(options: SandboxBankOptions = {}): BankProviders {
  return {
    wema: new SandboxBank('WEMA', options) as WemaBank,
    vfd: new SandboxBank('VFD', options) as VfdBank,
    providus: new SandboxBank('PROVIDUS', options) as ProvidusBank,
  };
}

/** FNV-1a, 32 bits: the same number for the same text, everywhere. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const FIRST = [
  'Adaeze',
  'Babatunde',
  'Chinedu',
  'Damilola',
  'Emeka',
  'Funmilayo',
  'Garba',
  'Halima',
  'Ifeoma',
  'Jide',
  'Kemi',
  'Lawal',
  'Musa',
  'Ngozi',
  'Olumide',
  'Patience',
  'Rasheed',
  'Sade',
  'Tunde',
  'Uche',
  'Yetunde',
  'Zainab',
];
const LAST = [
  'Adeyemi',
  'Bello',
  'Chukwu',
  'Danjuma',
  'Eze',
  'Fashola',
  'Ibrahim',
  'Johnson',
  'Kalu',
  'Lawson',
  'Mohammed',
  'Nwosu',
  'Okafor',
  'Olawale',
  'Suleiman',
  'Uzor',
  'Yusuf',
];
const COUNTERPARTY_BANKS = ['Access Bank', 'GTBank', 'Zenith Bank', 'First Bank', 'UBA', 'Opay', 'Moniepoint', 'Kuda', 'Palmpay', 'Fidelity Bank'];

function personName(h: number): string {
  return `${LAST[h % LAST.length]!.toUpperCase()} ${FIRST[(h >>> 8) % FIRST.length]!.toUpperCase()}`;
}

/** The sandbox's deterministic hash and invented names, shared with the sandbox transfer providers. */
export { hash, personName };
