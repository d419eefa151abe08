import {
  batchTransferStatus,
  createFundsTransfer,
  createPayout,
  formatNaira,
  getTransfer,
  isFinalTransferStatus,
  listTransferBanks,
  listTransfers,
  NIGERIAN_BANKS,
  nameEnquiry,
  requeryTransfer as requeryCommand,
  retryTransfer,
  retryTransfersBulk,
  reviewTransfer,
  reviewTransfersBulk,
  ApiError,
  badRequest,
  conflict,
  transferRangeProblem,
  type TransferStatus,
} from '@traction/core';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { implement, implementList, type Implementation } from '../../handling/implement';
import { withSavepoint } from '../../handling/savepoint';
import { resolveSelection } from '../../handling/selection';
import { transferFee } from '../wallet-settings/index';
import { requeryTransfer } from './dispatch';
import { confirmBeneficiary } from './name-enquiry';
import { retryBankTransfer } from './retry';
import { decideHeldTransfer } from './review';
import { startTransfer, type TransferActor, type TransferOrder, type TransferSource } from './start-transfer';
import { walletSource } from './transfer-source';
import { toTransferRow, transferDetailOf, transferRowCsv } from './transfer-view';
import { settlementAccountOf, transferListQuery, transfersByIds } from './transfers.repository';
import { balances, walletAccount } from '../ledger/index';

const actorOf = (ctx: HandlerContext, commandId: string): TransferActor & { adminId: number } => ({
  now: ctx.now,
  adminId: requireAdmin(ctx).id,
  commandId,
  requestId: ctx.request.id,
});

/** The queued send runs as soon as the command commits (the worker is woken, not waited for). */
const wakeWorker = (ctx: HandlerContext) => ctx.afterCommit(() => ctx.deps.jobs?.nudge());

const STARTED: Record<TransferStatus, (reference: string, amount: string) => string> = {
  QUEUED: (reference, amount) => `Transfer ${reference} of ${amount} is debited and being sent; its status follows on its page.`,
  SENDING: (reference, amount) => `Transfer ${reference} of ${amount} is being sent.`,
  HELD: (reference, amount) => `Transfer ${reference} of ${amount} is held for review by the fraud rules: nothing moves until someone releases it.`,
  BLOCKED: (reference, amount) => `Transfer ${reference} of ${amount} is blocked by the fraud rules: nothing moved.`,
  PENDING: (reference, amount) => `Transfer ${reference} of ${amount} is pending at the bank.`,
  SUCCESSFUL: (reference, amount) => `Transfer ${reference} of ${amount} is paid.`,
  FAILED: (reference, amount) => `Transfer ${reference} of ${amount} failed and is reversed.`,
};

async function send(ctx: HandlerContext, order: TransferOrder, commandId: string) {
  const started = await startTransfer(ctx.db, order, actorOf(ctx, commandId));
  if (started.status === 'QUEUED') wakeWorker(ctx);
  return { transfer: await transferDetailOf(ctx.db, started.id), message: STARTED[started.status](started.reference, formatNaira(order.amount)) };
}

async function sourceOfInput(
  ctx: HandlerContext,
  input: { from: 'wallet' | 'company'; business?: string | undefined; companyAccount?: 'fee-income' | 'adjustments' | undefined },
): Promise<TransferSource> {
  if (input.from === 'company') {
    if (!input.companyAccount)
      throw badRequest('Say which company account pays', [{ field: 'companyAccount', message: 'is required to pay from a company account' }]);
    return { kind: 'company', account: input.companyAccount };
  }
  if (!input.business) throw badRequest('Say which business pays', [{ field: 'business', message: 'is required to pay from a wallet' }]);
  return walletSource(ctx.db, input.business);
}

export const createFundsTransferHandler = implement(createFundsTransfer, async ({ input, ctx }) => {
  const source = await sourceOfInput(ctx, input);
  const beneficiary = await confirmBeneficiary(ctx.db, ctx.deps, {
    bankCode: input.bankCode,
    accountNumber: input.accountNumber,
    expectedName: input.accountName,
  });
  return send(
    ctx,
    { origin: 'single', source, beneficiary, amount: BigInt(input.amount), narration: input.narration, reference: input.reference },
    createFundsTransfer.id,
  );
});

export const createPayoutHandler = implement(createPayout, async ({ input, ctx }) => {
  const source = await walletSource(ctx.db, input.business);
  const settlement = await settlementAccountOf(ctx.db, source.businessId);
  if (!settlement)
    throw conflict(`${source.businessName} has no settlement account to pay out to: add one on the merchant's page`, { reason: 'no_settlement_account' });
  let amount = input.amount === undefined ? null : BigInt(input.amount);
  if (amount === null) {
    const account = await walletAccount(ctx.db, source.walletUid);
    const balance = (await balances(ctx.db, [account.id])).get(account.id) ?? 0n;
    amount = balance - BigInt(await transferFee(ctx.db));
    if (amount <= 0n)
      throw conflict(`${source.businessName}'s wallet holds ${formatNaira(balance)}: nothing is left to pay out after the fee`, {
        reason: 'insufficient_balance',
      });
  }
  const beneficiary = await confirmBeneficiary(ctx.db, ctx.deps, {
    bankCode: settlement.bank_code,
    accountNumber: settlement.account_number,
    expectedName: settlement.account_name,
  });
  return send(ctx, { origin: 'payout', source, beneficiary, amount, narration: input.narration, reference: input.reference }, createPayout.id);
});

export const nameEnquiryHandler = implement(nameEnquiry, ({ input, ctx }) => confirmBeneficiary(ctx.db, ctx.deps, input));

export const listTransferBanksHandler = implement(listTransferBanks, async () => ({
  items: NIGERIAN_BANKS.map((bank) => ({ name: bank.name, shortName: bank.shortName, cbnCode: bank.cbnCode, nipCode: bank.nipCode })),
}));

export const listTransfersHandler = implementList(listTransfers, ({ input, ctx }) => {
  const rangeProblem = transferRangeProblem(input);
  if (rangeProblem) throw badRequest(`enddatetime ${rangeProblem}`, [{ field: 'enddatetime', message: rangeProblem }]);
  return { query: transferListQuery(ctx.db, input), cursor: { column: 't.id', key: 'id', direction: 'desc' }, map: toTransferRow, csv: transferRowCsv };
});

export const getTransferHandler = implement(getTransfer, ({ input, ctx }) => transferDetailOf(ctx.db, input.id));

export const batchTransferStatusHandler = implement(batchTransferStatus, async ({ input, ctx }) => {
  const ids = [...new Set(input.ids.split(',').map(Number))];
  const rows = await transfersByIds(ctx.db, ids);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return {
    items: ids.flatMap((id) => {
      const row = byId.get(id);
      return row
        ? [
            {
              id,
              reference: row.reference,
              status: row.status,
              responseCode: row.response_code,
              responseMessage: row.response_message,
              final: isFinalTransferStatus(row.status),
            },
          ]
        : [];
    }),
    missing: ids.filter((id) => !byId.has(id)),
  };
});

export const reviewTransferHandler = implement(reviewTransfer, async ({ input, ctx }) => {
  const message = await decideHeldTransfer(ctx.db, input.id, input.decision, input.note, actorOf(ctx, reviewTransfer.id));
  if (input.decision === 'release') wakeWorker(ctx);
  return { transfer: await transferDetailOf(ctx.db, input.id), message };
});

/** A bulk run's rows one by one, each under a savepoint: a row another check refuses is skipped with why, the others go ahead. */
async function eachRow(ctx: HandlerContext, ids: readonly number[], work: (id: number) => Promise<unknown>) {
  const skipped: { id: number; reason: string }[] = [];
  let changed = 0;
  for (const id of ids) {
    try {
      await withSavepoint(ctx.db, () => work(id));
      changed += 1;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      skipped.push({ id, reason: error.message });
    }
  }
  return { changed, skipped };
}

export const reviewTransfersBulkHandler = implement(reviewTransfersBulk, async ({ input, ctx }) => {
  const { rows, missing } = await resolveSelection(ctx, listTransfersHandler, input);
  const { changed, skipped } = await eachRow(
    ctx,
    rows.map((row) => row.id),
    (id) => decideHeldTransfer(ctx.db, id, input.decision, input.note, actorOf(ctx, reviewTransfersBulk.id)),
  );
  if (input.decision === 'release' && changed > 0) wakeWorker(ctx);
  return { matched: rows.length, changed, skipped: [...missing.map((id) => ({ id, reason: 'No such transfer in the list' })), ...skipped] };
});

export const requeryTransferHandler = implement(
  requeryCommand,
  async ({ input, ctx }) => {
    const before = await transferDetailOf(ctx.db, input.id);
    if (before.status !== 'PENDING')
      throw conflict(`Transfer ${before.reference} is ${before.status.toLowerCase()}: only pending transfers are re-queried`, {
        reason: 'not_pending',
        status: before.status,
      });
    const status = await requeryTransfer(ctx.deps, BigInt(input.id), { adminId: requireAdmin(ctx).id });
    await ctx.auditedTransaction(async () => undefined);
    return { transfer: await transferDetailOf(ctx.deps.db, input.id), message: `Transfer ${before.reference} is ${status.toLowerCase()} after the re-query.` };
  },
  { transactional: false },
);

export const retryTransferHandler = implement(retryTransfer, async ({ input, ctx }) => {
  const retried = await retryBankTransfer(ctx.db, input.id, input.reason, actorOf(ctx, retryTransfer.id));
  wakeWorker(ctx);
  return { transfer: await transferDetailOf(ctx.db, retried.id), message: retried.message };
});

export const retryTransfersBulkHandler = implement(retryTransfersBulk, async ({ input, ctx }) => {
  const { rows, missing } = await resolveSelection(ctx, listTransfersHandler, input);
  const { changed, skipped } = await eachRow(
    ctx,
    rows.map((row) => row.id),
    (id) => retryBankTransfer(ctx.db, id, input.reason, actorOf(ctx, retryTransfersBulk.id)),
  );
  if (changed > 0) wakeWorker(ctx);
  return { matched: rows.length, changed, skipped: [...missing.map((id) => ({ id, reason: 'No such transfer in the list' })), ...skipped] };
});

export const transferImplementations: readonly Implementation[] = [
  createFundsTransferHandler,
  createPayoutHandler,
  nameEnquiryHandler,
  listTransferBanksHandler,
  listTransfersHandler,
  getTransferHandler,
  batchTransferStatusHandler,
  reviewTransferHandler,
  reviewTransfersBulkHandler,
  requeryTransferHandler,
  retryTransferHandler,
  retryTransfersBulkHandler,
];
