import { badRequest, conflict, formatNaira, notFound } from '@traction/core';
import type { Db } from '../../db/connect';
import type { TransferKind } from '../../db/tables/ledger.tables';
import { isUniqueViolation } from '../../db/unique-violation';
import { heldMoneyPolicies } from '../risk/index';
import { accountNames } from './accounts';
import { currentJournal, type PostingJournal } from './journal';
import { assertWithinLimits } from './limits';
import {
  findReversalOf,
  findTransferById,
  findTransfersByReference,
  insertTransfers,
  lastWalletEntry,
  lockChildTransfers,
  lockTransfer,
  lockPostingAccounts,
} from './ledger.repository';

/** One leg of a posting: `amount` kobo leave `debit` and reach `credit` (account ids). */
export interface Posting {
  debit: number;
  credit: number;
  /** Whole kobo, positive. */
  amount: bigint | number;
  kind: Exclude<TransferKind, 'reversal'>;
  /** Unique across the ledger: posting the same reference twice is refused. */
  reference: string;
  narration?: string | null;
  /** Who is on the other side, as a person would recognise them ("GTBank 0123456789 Ada Obi"). */
  counterparty?: string | null;
  /**
   * Index, in the same posting, of the leg this one belongs to: a fee or cashback points at its
   * principal, and the wallet transaction log shows them as one row (amount, fee).
   */
  parent?: number;
}

/** Who and what caused a posting, kept on every transfer. */
export interface PostingMeta {
  commandId?: string | null;
  adminId?: number | null;
  requestId?: string | null;
  /** When it happened: only demo data loaded after the fact sets it; otherwise the database's clock. */
  at?: Date;
}

export interface PostedTransfer {
  id: bigint;
  reference: string;
}

interface Leg extends Omit<Posting, 'kind'> {
  kind: TransferKind;
  reversesTransferId?: bigint;
}

/**
 * Posts every leg or none (the caller's transaction rolls back on any refusal). Wallet accounts
 * are locked in ascending id order first, then the money policy and the balances are checked on
 * what the locks hold; the database checks the balances again as each transfer moves them.
 */
export async function post(db: Db, postings: readonly Posting[], meta: PostingMeta = {}): Promise<PostedTransfer[]> {
  return postLegs(db, postings, meta);
}

async function postLegs(db: Db, legs: readonly Leg[], meta: PostingMeta): Promise<PostedTransfer[]> {
  if (legs.length === 0) throw badRequest('A posting needs at least one transfer', [{ field: 'postings', message: 'must not be empty' }]);
  const references = new Set<string>();
  legs.forEach((leg, index) => {
    const amount = typeof leg.amount === 'bigint' ? leg.amount : Number.isSafeInteger(leg.amount) ? BigInt(leg.amount) : -1n;
    if (amount <= 0n) throw badRequest('Amounts are positive whole kobo', [{ field: `postings.${index}.amount`, message: 'must be positive whole kobo' }]);
    if (leg.debit === leg.credit)
      throw badRequest('A transfer moves money between two accounts', [{ field: `postings.${index}.credit`, message: 'must differ from the debit account' }]);
    if (leg.parent !== undefined && (leg.parent === index || !legs[leg.parent] || legs[leg.parent]?.parent !== undefined))
      throw new Error(`postings.${index}.parent must name another leg of the posting that has no parent itself`);
    if (references.has(leg.reference))
      throw badRequest(`Reference ${leg.reference} appears twice`, [{ field: `postings.${index}.reference`, message: 'must be unique' }]);
    references.add(leg.reference);
  });
  const ids = [...new Set(legs.flatMap((leg) => [leg.debit, leg.credit]))].sort((a, b) => a - b);
  const accounts = await lockPostingAccounts(db, ids);
  for (const id of ids) if (!accounts.some((account) => account.id === id)) throw notFound(`Ledger account ${id} does not exist`);
  const wallets = accounts.filter((account) => account.kind === 'wallet').sort((a, b) => a.id - b.id);

  const policies = await heldMoneyPolicies(
    db,
    [...new Set(wallets.map((wallet) => wallet.business_id!))].sort((a, b) => a - b),
  );
  for (const wallet of wallets) {
    const debited = legs.some((leg) => leg.debit === wallet.id);
    const credited = legs.some((leg) => leg.credit === wallet.id);
    const policy = wallet.business_id === null ? undefined : policies.get(wallet.business_id);
    if (!policy) throw new Error(`wallet account ${wallet.code} has no business with a wallet`);
    for (const decision of [debited ? policy.debit : null, credited ? policy.credit : null]) {
      if (decision && !decision.allowed) throw conflict(decision.reason, { reason: decision.rule, account: wallet.code });
    }
  }
  // KYC tier limits, read under the same locks (today's debits cannot change until this commits).
  await assertWithinLimits(db, wallets, legs);
  // The legs in order, as the trigger will apply them: the first leg that would overdraw is named.
  const running = new Map(wallets.map((wallet) => [wallet.id, BigInt(wallet.balance)]));
  for (const leg of legs) {
    const amount = BigInt(leg.amount);
    const debited = running.get(leg.debit);
    if (debited !== undefined) {
      const wallet = wallets.find((w) => w.id === leg.debit);
      if (debited < amount && !wallet?.allow_negative) {
        // In words people act on: whose wallet, what it holds, what this posting takes from it in all (a fee included).
        const name = (await accountNames(db, [leg.debit])).get(leg.debit)?.name ?? wallet?.code ?? 'The wallet';
        const before = BigInt(wallets.find((w) => w.id === leg.debit)?.balance ?? 0n);
        const takes = legs.filter((other) => other.debit === leg.debit).reduce((sum, other) => sum + BigInt(other.amount), 0n);
        throw conflict(
          `Insufficient balance: ${name} holds ${formatNaira(before)}; ${leg.parent === undefined ? leg.reference : legs[leg.parent]!.reference} needs ${formatNaira(takes)}${takes !== amount && leg.parent === undefined ? ` (${formatNaira(amount)} and its fee)` : ''}. Nothing was posted`,
          { reason: 'insufficient_balance', account: wallet?.code ?? null },
        );
      }
      running.set(leg.debit, debited - amount);
    }
    const credited = running.get(leg.credit);
    if (credited !== undefined) running.set(leg.credit, credited + amount);
  }

  const journal = currentJournal();
  if (journal) await recordInJournal(db, journal, wallets, running);
  const row = (leg: Leg, parentId: bigint | null) => ({
    reference: leg.reference,
    kind: leg.kind,
    debit_account_id: leg.debit,
    credit_account_id: leg.credit,
    amount: BigInt(leg.amount),
    reverses_transfer_id: leg.reversesTransferId ?? null,
    parent_transfer_id: parentId,
    counterparty: leg.counterparty ?? null,
    command_id: meta.commandId ?? null,
    admin_id: meta.adminId ?? null,
    request_id: meta.requestId ?? null,
    narration: leg.narration ?? null,
    ...(meta.at ? { created_at: meta.at } : {}),
  });
  try {
    // Principals first, then the legs that point at them, each set in one statement.
    const principals = legs.flatMap((leg, index) => (leg.parent === undefined ? [index] : []));
    const children = legs.flatMap((leg, index) => (leg.parent === undefined ? [] : [index]));
    // RETURNING promises no order: rows are matched to their legs by their unique reference.
    const byReference = new Map<string, PostedTransfer>();
    for (const transfer of await insertTransfers(
      db,
      principals.map((index) => row(legs[index]!, null)),
    ))
      byReference.set(transfer.reference, transfer);
    if (children.length) {
      const parentId = (index: number) => byReference.get(legs[legs[index]!.parent!]!.reference)!.id;
      for (const transfer of await insertTransfers(
        db,
        children.map((index) => row(legs[index]!, parentId(index))),
      ))
        byReference.set(transfer.reference, transfer);
    }
    journal?.transfers.push(
      ...legs.map((leg) => ({
        reference: leg.reference,
        kind: leg.kind,
        debit: leg.debit,
        credit: leg.credit,
        amount: BigInt(leg.amount),
        partOf: leg.parent === undefined ? null : legs[leg.parent]!.reference,
      })),
    );
    return legs.map((leg) => byReference.get(leg.reference)!);
  } catch (error) {
    if (isUniqueViolation(error, 'ledger_transfers_reference_key'))
      throw conflict('A transfer with this reference is already posted. Nothing was posted', { reason: 'duplicate_reference' });
    if (isUniqueViolation(error, 'ledger_transfers_reverses_transfer_id_key'))
      throw conflict('This transfer is already reversed. Nothing was posted', { reason: 'already_reversed' });
    if (isCheckViolation(error, 'ledger_accounts_no_overdraft')) throw conflict('Insufficient balance. Nothing was posted', { reason: 'insufficient_balance' });
    throw error;
  }
}

/** The wallets' state the first time this command locks them, and where its postings leave them. */
async function recordInJournal(db: Db, journal: PostingJournal, wallets: readonly { id: number; balance: bigint | string }[], running: Map<number, bigint>) {
  for (const wallet of wallets) {
    const seen = journal.wallets.get(wallet.id);
    const after = running.get(wallet.id) ?? BigInt(wallet.balance);
    if (seen) seen.after = after;
    else journal.wallets.set(wallet.id, { before: BigInt(wallet.balance), after, lastEntry: await lastWalletEntry(db, wallet.id) });
  }
}

function isCheckViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === '23514' && violated === constraint;
}

export interface Reversal extends PostedTransfer {
  reverses: { id: bigint; reference: string };
  /** The compensating transfers of the original's fee and cashback legs, reversed with it. */
  legs: PostedTransfer[];
}

/**
 * Posts the compensating transfers of `transferId` and of the legs that belong to it (its fee,
 * its cashback: same amounts, accounts swapped), in one posting through the same checks as any
 * other. A transfer is reversed at most once: the second time is a 409 naming the first
 * reversal's reference. A leg is reversed with its principal, never alone; a reversal is not
 * itself reversed (post the original again instead).
 */
export async function reverse(db: Db, transferId: bigint, meta: PostingMeta & { reference?: string; narration?: string | null } = {}): Promise<Reversal> {
  // Locked so a concurrent reversal of the same transfer waits, then sees this one.
  const original = await lockTransfer(db, transferId);
  if (!original) throw notFound(`Transfer ${transferId} does not exist`);
  if (original.kind === 'reversal') throw conflict(`${original.reference} is itself a reversal and cannot be reversed`, { reason: 'reversal_of_reversal' });
  if (original.parent_transfer_id !== null) {
    const parent = await findTransferById(db, original.parent_transfer_id);
    throw conflict(`${original.reference} is part of ${parent?.reference ?? 'another transfer'}: reverse that, and this is reversed with it`, {
      reason: 'part_of_transfer',
      principal: parent?.reference ?? null,
    });
  }
  const first = await findReversalOf(db, original.id);
  if (first) throw conflict(`${original.reference} is already reversed by ${first.reference}`, { reason: 'already_reversed', reversal: first.reference });
  const reference = meta.reference ?? `reversal:${original.reference}`;
  const children = await lockChildTransfers(db, original.id);
  const references = [reference, ...children.map((child) => `reversal:${child.reference}`)];
  for (const taken of await findTransfersByReference(db, references)) {
    throw conflict(`Reference ${taken.reference} is already used`, { reason: 'duplicate_reference' });
  }
  const narration = meta.narration ?? `Reversal of ${original.reference}`;
  const posted = await postLegs(
    db,
    [original, ...children].map((transfer, index) => ({
      debit: transfer.credit_account_id,
      credit: transfer.debit_account_id,
      amount: transfer.amount,
      kind: 'reversal' as const,
      reference: references[index]!,
      narration: index === 0 ? narration : `Reversal of ${transfer.reference} (with ${original.reference})`,
      counterparty: transfer.counterparty,
      reversesTransferId: transfer.id,
      ...(index === 0 ? {} : { parent: 0 }),
    })),
    meta,
  );
  const [principal, ...legs] = posted;
  if (!principal) throw new Error('reversal was not posted');
  return { ...principal, reverses: { id: original.id, reference: original.reference }, legs };
}
