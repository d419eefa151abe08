import { koboFromDatabase, type MoneyPreview } from '@traction/core';
import type { Db } from '../../db/connect';
import { accountNames } from './accounts';
import type { PostingJournal } from './journal';

/** A command's journal as the preview people read: accounts by name, balances before and after. */
export async function previewOf(db: Db, journal: PostingJournal, answer: unknown): Promise<MoneyPreview> {
  const ids = [...new Set([...journal.transfers.flatMap((transfer) => [transfer.debit, transfer.credit]), ...journal.wallets.keys()])];
  const names = await accountNames(db, ids);
  const name = (id: number) => names.get(id)?.name ?? `account ${id}`;
  return {
    dryRun: true,
    token: journal.token(),
    transfers: journal.transfers.map((transfer) => ({
      reference: transfer.reference,
      kind: transfer.kind,
      from: name(transfer.debit),
      to: name(transfer.credit),
      amount: koboFromDatabase(transfer.amount),
      partOf: transfer.partOf,
    })),
    balances: [...journal.wallets.entries()].map(([id, wallet]) => ({
      account: names.get(id)?.code ?? String(id),
      name: name(id),
      before: koboFromDatabase(wallet.before),
      after: koboFromDatabase(wallet.after),
    })),
    answer,
  };
}
