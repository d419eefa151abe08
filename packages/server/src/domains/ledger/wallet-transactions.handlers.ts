import {
  koboFromDatabase,
  listAllWalletTransactions,
  listWalletTransactions,
  listWalletTransactionsByBusiness,
  notFound,
  walletTransactionByReference,
  type WalletTransactionDetail,
} from '@traction/core';
import { isoTimestamp } from '../../db/timestamps';
import { implement, implementList } from '../../handling/implement';
import { businessExists } from '../merchants/index';
import { accountNames } from './accounts';
import {
  adminName,
  entriesOfTransfers,
  filterWalletEntries,
  findReversalWithCause,
  findTransferWithCause,
  findTransferWithCauseById,
  toWalletTransaction,
  walletTransactionCsv,
  transferAndLegs,
  type TransferWithCause,
  walletEntryQuery,
} from './wallet-transactions.repository';

/**
 * Newest first: by time, then by entry id (the cursor: `after` is an entry id). Keyset pages on
 * (created_at, id) follow ledger_wallet_entries_created and, for one business,
 * ledger_wallet_entries_business_created (0016), so a date range or a deep page is one range scan.
 */
const ORDER = { cursor: { column: 'e.id', key: 'id', direction: 'desc' }, sortFirst: { column: 'e.created_at', key: 'created_order' } } as const;

export const listWalletTransactionsHandler = implementList(listWalletTransactions, ({ input, ctx }) => ({
  query: filterWalletEntries(walletEntryQuery(ctx.db), input),
  ...ORDER,
  map: toWalletTransaction,
  csv: walletTransactionCsv,
}));

export const listAllWalletTransactionsHandler = implementList(listAllWalletTransactions, ({ input, ctx }) => ({
  query: filterWalletEntries(walletEntryQuery(ctx.db), input),
  ...ORDER,
  map: toWalletTransaction,
  csv: walletTransactionCsv,
}));

export const listWalletTransactionsByBusinessHandler = implementList(
  listWalletTransactionsByBusiness,
  ({ input, ctx }) => ({
    query: filterWalletEntries(walletEntryQuery(ctx.db), { ...input, businessId: input.id }),
    ...ORDER,
    map: toWalletTransaction,
    csv: walletTransactionCsv,
  }),
  {
    // A business that does not exist is a 404, not an empty log.
    precondition: async ({ input, ctx }) => {
      if (!(await businessExists(ctx.db, input.id))) throw notFound(`Business ${input.id} does not exist`);
    },
  },
);

/** A reversal's or an original's reference, time, narration and admin. */
const linkOf = (transfer: TransferWithCause) => ({
  transferId: Number(transfer.id),
  reference: transfer.reference,
  createdAt: isoTimestamp(transfer.created_at),
  narration: transfer.narration,
  adminName: adminName(transfer),
});

export const walletTransactionByReferenceHandler = implement(walletTransactionByReference, async ({ input, ctx }): Promise<WalletTransactionDetail> => {
  const asked = await findTransferWithCause(ctx.db, input.reference);
  if (!asked) throw notFound(`No transaction has the reference ${input.reference}`);
  // A fee or cashback leg is shown as the transaction it belongs to.
  const principal = asked.parent_transfer_id === null ? asked : ((await findTransferWithCauseById(ctx.db, asked.parent_transfer_id)) ?? asked);
  const legs = await transferAndLegs(ctx.db, principal.id);
  const names = await accountNames(ctx.db, [...new Set(legs.flatMap((leg) => [leg.debit_account_id, leg.credit_account_id]))]);
  const nameOf = (id: number) => names.get(id) ?? { code: String(id), name: String(id) };

  // Each wallet's balance before the transaction's first entry on it and after its last.
  const wallets = new Map<number, WalletTransactionDetail['wallets'][number]>();
  for (const entry of await entriesOfTransfers(
    ctx.db,
    legs.map((leg) => leg.id),
  )) {
    const seen = wallets.get(entry.account_id);
    if (seen) seen.balanceAfter = koboFromDatabase(entry.balance_after);
    else
      wallets.set(entry.account_id, {
        walletUid: entry.wallet_uid ?? '',
        businessId: entry.business_id,
        businessName: entry.business_name ?? '',
        balanceBefore: koboFromDatabase(entry.balance_before),
        balanceAfter: koboFromDatabase(entry.balance_after),
      });
  }
  const reversal = await findReversalWithCause(ctx.db, principal.id);
  const original = principal.reverses_transfer_id === null ? undefined : await findTransferWithCauseById(ctx.db, principal.reverses_transfer_id);
  return {
    transferId: Number(principal.id),
    reference: principal.reference,
    kind: principal.kind,
    amount: koboFromDatabase(principal.amount),
    fee: koboFromDatabase(legs.filter((leg) => leg.id !== principal.id && leg.kind === 'fee').reduce((sum, leg) => sum + leg.amount, 0n)),
    status: reversal ? 'REVERSED' : 'SUCCESSFUL',
    narration: principal.narration,
    counterparty: principal.counterparty,
    createdAt: isoTimestamp(principal.created_at),
    postings: legs.map((leg) => ({
      transferId: Number(leg.id),
      reference: leg.reference,
      kind: leg.kind,
      amount: koboFromDatabase(leg.amount),
      debitAccount: nameOf(leg.debit_account_id).name,
      debitAccountCode: nameOf(leg.debit_account_id).code,
      creditAccount: nameOf(leg.credit_account_id).name,
      creditAccountCode: nameOf(leg.credit_account_id).code,
      narration: leg.narration,
    })),
    wallets: [...wallets.values()],
    causedBy: {
      adminId: principal.admin_id,
      adminName: adminName(principal),
      adminEmail: principal.admin_email,
      commandId: principal.command_id,
      requestId: principal.request_id,
    },
    reversal: reversal ? linkOf(reversal) : null,
    reverses: original ? linkOf(original) : null,
  };
});

/** Implementations of the wallet transaction log's commands. */
export const walletTransactionImplementations = [
  listWalletTransactionsHandler,
  listWalletTransactionsByBusinessHandler,
  walletTransactionByReferenceHandler,
  listAllWalletTransactionsHandler,
];
