import {
  getReversal,
  koboFromDatabase,
  listReversals,
  notFound,
  rangeBoundToDate,
  reverseWalletTransaction as reverseCommand,
  reverseWalletTransactionById,
  type ReversalRow,
} from '@traction/core';
import { requireAdmin, type HandlerContext } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { reverseWalletTransaction, type ReversalTarget } from './reverse-transaction';
import { businessFilter, compensatingTransfers, findReversal, reversalQuery, walletBalance, type ReversalQueryRow } from './reversals.repository';

const reverseFor = (commandId: string, ctx: HandlerContext, target: ReversalTarget, reason: string) =>
  reverseWalletTransaction(ctx.db, target, { reason, now: ctx.now, commandId, adminId: requireAdmin(ctx).id, requestId: ctx.request.id });

export const reverseWalletTransactionHandler = implement(reverseCommand, ({ input, ctx }) =>
  reverseFor(reverseCommand.id, ctx, { reference: input.TransactionReference }, input.reason),
);

export const reverseWalletTransactionByIdHandler = implement(reverseWalletTransactionById, ({ input, ctx }) =>
  reverseFor(reverseWalletTransactionById.id, ctx, { walletEntryId: input.id }, input.reason),
);

/** The reason as the admin wrote it: the narration after "Reversal of <reference>: ". */
function reasonOf(row: ReversalQueryRow): string | null {
  const prefix = `Reversal of ${row.original_reference}: `;
  return row.narration?.startsWith(prefix) ? row.narration.slice(prefix.length) : row.narration;
}

function toReversalRow(row: ReversalQueryRow): ReversalRow {
  const adminName = row.admin_first_name === null ? null : `${row.admin_first_name} ${row.admin_last_name ?? ''}`.trim();
  return {
    id: Number(row.id),
    reference: row.reference,
    originalId: Number(row.original_id),
    originalReference: row.original_reference,
    originalKind: row.original_kind,
    originalCreatedAt: row.original_created_at.toISOString(),
    businessId: row.business_id,
    businessName: row.business_name,
    walletUid: row.wallet_uid,
    amount: koboFromDatabase(row.original_amount),
    legsAmount: koboFromDatabase(BigInt(row.legs_amount)),
    reason: reasonOf(row),
    adminId: row.admin_id,
    adminEmail: row.admin_email,
    adminName,
    createdAt: row.created_at.toISOString(),
  };
}

export const listReversalsHandler = implementList(listReversals, ({ input, ctx }) => {
  let query = reversalQuery(ctx.db);
  if (input.reference) query = query.where((eb) => eb.or([eb('r.reference', '=', input.reference!), eb('o.reference', '=', input.reference!)]));
  if (input.businessId !== undefined) query = query.where(businessFilter(input.businessId));
  if (input.adminId !== undefined) query = query.where('r.admin_id', '=', input.adminId);
  if (input.startdatetime) query = query.where('r.created_at', '>=', rangeBoundToDate(input.startdatetime, 'start'));
  if (input.enddatetime) query = query.where('r.created_at', '<=', rangeBoundToDate(input.enddatetime, 'end'));
  return { query, cursor: { column: 'r.id', key: 'id', direction: 'desc' }, map: toReversalRow };
});

export const getReversalHandler = implement(getReversal, async ({ input, ctx }) => {
  const row = await findReversal(ctx.db, input.id);
  if (!row) throw notFound(`There is no reversal with the id ${input.id}`);
  const transfers = await compensatingTransfers(ctx.db, row.id);
  return {
    ...toReversalRow(row),
    requestId: row.request_id,
    transfers: transfers.map((transfer) => ({
      id: Number(transfer.id),
      reference: transfer.reference,
      amount: koboFromDatabase(transfer.amount),
      debitAccount: transfer.debit_code,
      creditAccount: transfer.credit_code,
      narration: transfer.narration,
      reverses: {
        id: Number(transfer.original_id),
        reference: transfer.original_reference,
        kind: transfer.original_kind,
        amount: koboFromDatabase(transfer.original_amount),
        createdAt: transfer.original_created_at.toISOString(),
      },
    })),
    walletBalance: row.wallet_account_id === null ? null : koboFromDatabase(await walletBalance(ctx.db, row.wallet_account_id)),
  };
});
