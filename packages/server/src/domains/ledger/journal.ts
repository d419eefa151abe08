import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

/** A transfer as posted within the journal's command. */
export interface JournalTransfer {
  reference: string;
  kind: string;
  debit: number;
  credit: number;
  amount: bigint;
  partOf: string | null;
}

/** A wallet's state when the command first locked it, and after its last posting. */
export interface JournalWallet {
  before: bigint;
  after: bigint;
  /** The wallet's newest log entry when first locked: any posting since changes it. */
  lastEntry: string;
}

/**
 * What one command posts, collected as post() runs inside it: the request pipeline reads it to
 * answer a preview (`Prefer: dry-run`) and to refuse applying a preview whose accounts have
 * moved since (`If-Match`). Carried by async context so post() needs no extra argument and no
 * caller can leave it out.
 */
export class PostingJournal {
  readonly transfers: JournalTransfer[] = [];
  readonly wallets = new Map<number, JournalWallet>();

  /**
   * Names the wallets' state before the command and what it posts (kinds, accounts, amounts;
   * not references, which a command may derive afresh): equal tokens, equal effect.
   */
  token(): string {
    const wallets = [...this.wallets.entries()].sort(([a], [b]) => a - b).map(([id, wallet]) => `${id}:${wallet.before}:${wallet.lastEntry}`);
    const transfers = this.transfers.map((transfer) => `${transfer.kind}:${transfer.debit}>${transfer.credit}:${transfer.amount}`);
    return createHash('sha256')
      .update(`${wallets.join(',')}|${transfers.join(',')}`)
      .digest('base64url')
      .slice(0, 32);
  }
}

const storage = new AsyncLocalStorage<PostingJournal>();

/** Runs `work` with a journal that collects every posting made inside it. */
export function withPostingJournal<T>(journal: PostingJournal, work: () => Promise<T>): Promise<T> {
  return storage.run(journal, work);
}

/** The journal of the command running now, if its pipeline opened one. */
export function currentJournal(): PostingJournal | undefined {
  return storage.getStore();
}
