import {
  alreadyInState,
  badRequest,
  cancelSweep,
  conflict,
  FIXED_ACCOUNT_BANKS,
  type FixedAccountBank,
  formatNaira,
  getSweepStatus,
  lagosDateTime,
  listSweepSources,
  listSweeps,
  MAX_SWEEP_SOURCES,
  moneyMovementPolicy,
  NIGERIAN_BANKS,
  newSweep,
  notFound,
  processSweep,
  SWEEP_APPROVAL_ACTION,
  type SweepStatus,
  sweepAccountEnquiry,
  sweepBalanceEnquiry,
  sweepBanks,
} from '@traction/core';
import type { Db } from '../../db/connect';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { implement, implementList, type Implementation } from '../../handling/implement';
import { withSavepoint } from '../../handling/savepoint';
import { resolveSelection } from '../../handling/selection';
import { TransferProviderError, type TransferProviderName } from '../../providers/transfers/transfer-provider';
import { actingOf, createApprovalRequest } from '../approvals/index';
import { confirmBeneficiary, newTransferBatch } from '../transfers/index';
import { transferFee } from '../wallet-settings/index';
import { type CandidateSource, candidateOf, previewOrder, previewSource, selectionText, sweepRowValues } from './sweep-preview';
import { sweepDetailOf, toSweepHistoryRow, toSweepSource } from './sweep-view';
import {
  balanceSource,
  businessesWithWallets,
  fixedAccountHolder,
  insertSweep,
  insertSweepRows,
  lockSweep,
  sourcesByIds,
  sweepHistoryQuery,
  type SweepSourceFilters,
  sweepSourceQuery,
  updateSweep,
} from './sweeps.repository';

export const listSweepSourcesHandler = implementList(listSweepSources, ({ input, ctx }) => ({
  query: sweepSourceQuery(ctx.db, input),
  cursor: { column: 'b.id', key: 'business_id', direction: 'desc' },
  sortFirst: { column: 'la.balance', key: 'balance' },
  map: toSweepSource,
}));

export const listSweepsHandler = implementList(listSweeps, ({ input, ctx }) => ({
  query: sweepHistoryQuery(ctx.db, ctx.now, input),
  cursor: { column: 's.id', key: 'id', direction: 'desc' },
  map: toSweepHistoryRow,
}));

export const getSweepStatusHandler = implement(getSweepStatus, ({ input, ctx }) => sweepDetailOf(ctx.db, input.id, ctx.now));

/** Swept money sent to one of our own virtual accounts would come straight back into a wallet. */
async function refuseOwnFixedAccount(db: Db, bankCode: string, accountNumber: string): Promise<void> {
  const bank = (Object.keys(FIXED_ACCOUNT_BANKS) as FixedAccountBank[]).find((name) => FIXED_ACCOUNT_BANKS[name].code === bankCode);
  if (!bank) return;
  const holder = await fixedAccountHolder(db, bank, accountNumber);
  if (holder) {
    throw badRequest(`${accountNumber} is the fixed account of ${holder.name}: money swept to it would come back into a wallet`, [
      { field: 'accountNumber', message: `is ${holder.name}'s fixed (virtual) account, not an account to sweep to` },
    ]);
  }
}

/** Thrown to roll a preview-only sweep back once its answer is made. */
class PreviewOnly extends Error {
  constructor(readonly answer: Awaited<ReturnType<typeof sweepDetailOf>>) {
    super('preview only');
  }
}

export const newSweepHandler = implement(newSweep, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const destination = await confirmBeneficiary(ctx.db, ctx.deps, {
    bankCode: input.bankCode,
    accountNumber: input.accountNumber,
    expectedName: input.accountName,
  });
  await refuseOwnFixedAccount(ctx.db, input.bankCode, input.accountNumber);

  const selectionField = input.ids ? 'ids' : 'matching';
  const { rows: selected, missing } = await resolveSelection(ctx, listSweepSourcesHandler, input);
  const terms = { fee: BigInt(await transferFee(ctx.db)), leaveBehind: BigInt(input.leaveBehind) };
  // The fixed account shown for each source is the one at the bank filtered by, as the list showed it.
  const bank = (input.matching as SweepSourceFilters | undefined)?.bank;
  const candidates: CandidateSource[] = (
    await sourcesByIds(
      ctx.db,
      selected.map((source) => source.businessId),
      bank,
    )
  ).map(candidateOf);
  // Selected businesses the sources list does not hold: no wallet, or one that never held money.
  if (missing.length) {
    const found = await businessesWithWallets(ctx.db, missing);
    const unknown = missing.filter((id) => !found.some((business) => business.id === id));
    if (unknown.length)
      throw badRequest(`No business has the id ${unknown.join(', ')}`, [{ field: 'ids', message: `names no business: ${unknown.join(', ')}` }]);
    for (const business of found) {
      candidates.push({
        businessId: business.id,
        businessName: business.name,
        isFraud: business.is_fraud,
        walletUid: business.wallet_uid,
        walletStatus: business.wallet_status,
        balance: 0n,
        fixedAccountBank: null,
        fixedAccountNumber: null,
        fixedAccountName: null,
      });
    }
  }
  let previewed = candidates.map((candidate) => previewSource(candidate, terms)).sort(previewOrder);
  // A filter's wallets with nothing to sweep are counted, not listed: "every wallet at WEMA" would list thousands of empty ones.
  const ignored = input.matching ? previewed.filter((source) => source.skip?.rule === 'nothing_to_sweep').length : 0;
  if (input.matching) previewed = previewed.filter((source) => source.skip?.rule !== 'nothing_to_sweep');
  if (previewed.length === 0) {
    throw conflict(
      ignored
        ? `None of the ${ignored} wallet${ignored === 1 ? '' : 's'} matching the filters holds anything to sweep after the fee${terms.leaveBehind > 0n ? ' and what to leave behind' : ''}: nothing was saved`
        : 'No wallet matches the filters: nothing was saved',
      { reason: 'nothing_to_sweep' },
    );
  }
  if (previewed.length > MAX_SWEEP_SOURCES) {
    const message = `names ${previewed.length.toLocaleString('en')} wallets to sweep; one sweep takes at most ${MAX_SWEEP_SOURCES.toLocaleString('en')}: narrow it`;
    throw badRequest(`The selection ${message}`, [{ field: selectionField, message }]);
  }

  const toSweep = previewed.filter((source) => !source.skip);
  const total = toSweep.reduce((sum, source) => sum + source.amount, 0n);
  const make = async () => {
    const id = await newTransferBatch(ctx.db, 'sweep');
    await insertSweep(ctx.db, {
      id,
      bank_code: destination.bankCode,
      bank_name: destination.bankName,
      account_number: destination.accountNumber,
      account_name: destination.accountName,
      narration: input.narration,
      leave_behind: terms.leaveBehind,
      fee: terms.fee,
      selection_text: selectionText(input, { listed: previewed.length }),
      selection: JSON.stringify(input.ids ? { ids: input.ids } : { matching: input.matching ?? {}, except: input.except }),
      source_count: previewed.length,
      skipped_count: previewed.length - toSweep.length,
      ignored_count: ignored,
      total,
      fees: terms.fee * BigInt(toSweep.length),
      created_by: admin.id,
      created_at: ctx.now,
      updated_at: ctx.now,
    });
    await insertSweepRows(ctx.db, sweepRowValues(id, previewed));
    return sweepDetailOf(ctx.db, Number(id), ctx.now);
  };
  const skipped = previewed.length - toSweep.length;
  const summary = `${formatNaira(total)} from ${toSweep.length} wallet${toSweep.length === 1 ? '' : 's'} to ${destination.bankName} ${destination.accountNumber} (${destination.accountName})${skipped ? `; ${skipped} skipped, each with why` : ''}`;
  if (input.previewOnly) {
    try {
      await withSavepoint(ctx.db, async () => {
        throw new PreviewOnly(await make());
      });
    } catch (error) {
      if (!(error instanceof PreviewOnly)) throw error;
      return { ...error.answer, sweep: { ...error.answer.sweep, id: 0 }, message: `Preview: ${summary}. Nothing was saved.` };
    }
  }
  const detail = await make();
  return {
    ...detail,
    message: `Sweep #${detail.sweep.id} saved as a draft: ${summary}. Nothing moves until it is submitted (sweeps process) and another admin approves it.`,
  };
});

const NOT_SUBMITTABLE: Partial<Record<SweepStatus, string>> = {
  AWAITING_APPROVAL: 'already waits for approval',
  RUNNING: 'is approved and running',
  DONE: 'has run',
  CANCELLED: 'was cancelled',
};

/** The sweep's status now, under its lock, or 404. */
async function lockedSweep(ctx: HandlerContext, id: number) {
  const record = await lockSweep(ctx.db, id);
  if (!record) throw notFound(`Sweep ${id} does not exist`);
  const { sweep, rows } = await sweepDetailOf(ctx.db, id, ctx.now);
  return { record, sweep, rows };
}

export const processSweepHandler = implement(processSweep, async ({ input, ctx }) => {
  const { record, sweep, rows } = await lockedSweep(ctx, input.id);
  const refusal = NOT_SUBMITTABLE[sweep.status];
  if (refusal) throw conflict(`Sweep #${sweep.id} ${refusal}: it cannot be submitted now`, { reason: 'not_submittable', status: sweep.status });
  if (sweep.total <= 0) {
    throw conflict(`Sweep #${sweep.id} has nothing to sweep: every source was skipped (its page says why). Make a new sweep`, {
      reason: 'nothing_to_sweep',
    });
  }
  const sources = rows.filter((row) => row.status !== 'SKIPPED');
  const { request } = await createApprovalRequest(actingOf(ctx), {
    commandId: SWEEP_APPROVAL_ACTION,
    // A sweep takes from many businesses; the request names the one it takes most from (the first source), and its reason names the rest.
    businessId: sources[0]!.businessId,
    amount: sweep.total,
    reason: `${input.reason} — sweep #${sweep.id}: ${formatNaira(sweep.total)} from ${sources.length} wallet${sources.length === 1 ? '' : 's'} to ${sweep.bankName} ${sweep.accountNumber} (${sweep.accountName})`,
    input: { sweepId: sweep.id },
    evidenceUploadId: null,
  });
  const admin = requireAdmin(ctx);
  await updateSweep(ctx.db, Number(record.id), {
    status: 'AWAITING_APPROVAL',
    reason: input.reason,
    approval_request_id: request.id,
    submitted_by: admin.id,
    submitted_at: ctx.now,
    updated_at: ctx.now,
  });
  return {
    sweep: (await sweepDetailOf(ctx.db, input.id, ctx.now)).sweep,
    message: `Sweep #${sweep.id} of ${formatNaira(sweep.total)} from ${sources.length} wallet${sources.length === 1 ? '' : 's'} waits for another admin's approval: request #${request.id}, until ${lagosDateTime(request.expiresAt)} (Lagos time).`,
  };
});

export const cancelSweepHandler = implement(cancelSweep, async ({ input, ctx }) => {
  const { record, sweep } = await lockedSweep(ctx, input.id);
  if (sweep.status === 'CANCELLED') throw alreadyInState(`Sweep #${sweep.id} was already cancelled`, { status: sweep.status });
  if (sweep.status === 'RUNNING' || sweep.status === 'DONE') {
    throw conflict(`Sweep #${sweep.id} ${sweep.status === 'DONE' ? 'has run' : 'is approved and running'}: it cannot be cancelled`, {
      reason: 'not_cancellable',
      status: sweep.status,
    });
  }
  const admin = requireAdmin(ctx);
  await updateSweep(ctx.db, Number(record.id), { status: 'CANCELLED', cancelled_by: admin.id, cancelled_at: ctx.now, updated_at: ctx.now });
  const waiting = sweep.status === 'AWAITING_APPROVAL' ? ` Its approval request #${sweep.approvalRequestId} can only be declined now.` : '';
  return { sweep: (await sweepDetailOf(ctx.db, input.id, ctx.now)).sweep, message: `Sweep #${sweep.id} is cancelled: it will never run.${waiting}` };
});

export const sweepBalanceHandler = implement(sweepBalanceEnquiry, async ({ input, ctx }) => {
  const source = await balanceSource(ctx.db, input.businessId, input.accountNumber);
  if (!source) throw notFound(`Business ${input.businessId} does not exist or has no wallet`);
  if (input.accountNumber && source.fixed_number === null) {
    throw notFound(`Business ${input.businessId} has no fixed account ${input.accountNumber}`);
  }
  const fee = BigInt(await transferFee(ctx.db));
  const balance = BigInt(source.balance);
  const policy = moneyMovementPolicy({ isFraud: source.is_fraud, walletStatus: source.wallet_status, fixedAccount: null }).debit;
  const provider = source.fixed_bank ? (source.fixed_bank.toLowerCase() as TransferProviderName) : null;
  let providerBalance: number | null = null;
  let providerError: string | null = null;
  if (provider && source.fixed_number) {
    try {
      const answer = await ctx.deps.providers.transfers[provider].balanceEnquiry({ accountNumber: source.fixed_number });
      providerBalance = Number(answer.availableKobo);
    } catch (error) {
      if (!(error instanceof TransferProviderError)) throw error;
      providerError = `${provider} gave no balance: ${error.message}`;
    }
  }
  return {
    businessId: source.id,
    businessName: source.name,
    walletUid: source.wallet_uid,
    walletStatus: source.wallet_status,
    balance: Number(balance),
    fixedAccountBank: source.fixed_bank ?? null,
    fixedAccountNumber: source.fixed_number ?? null,
    fixedAccountName: source.fixed_name ?? null,
    provider,
    providerBalance,
    providerError,
    fee: Number(fee),
    sweepable: policy.allowed && balance > fee ? Number(balance - fee) : 0,
    refusal: policy.allowed ? null : policy.reason,
  };
});

export const sweepAccountHandler = implement(sweepAccountEnquiry, ({ input, ctx }) => confirmBeneficiary(ctx.db, ctx.deps, input));

export const sweepBanksHandler = implement(sweepBanks, async () => ({
  items: NIGERIAN_BANKS.map((bank) => ({ name: bank.name, shortName: bank.shortName, cbnCode: bank.cbnCode, nipCode: bank.nipCode })),
}));

export const sweepImplementations: readonly Implementation[] = [
  newSweepHandler,
  processSweepHandler,
  getSweepStatusHandler,
  listSweepsHandler,
  listSweepSourcesHandler,
  cancelSweepHandler,
  sweepBalanceHandler,
  sweepAccountHandler,
  sweepBanksHandler,
];
