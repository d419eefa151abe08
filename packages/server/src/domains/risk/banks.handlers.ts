import {
  badRequest,
  FIXED_ACCOUNT_BANKS,
  conflict,
  formatNaira,
  isValidNuban,
  lagosDateTime,
  notFound,
  providusRename,
  providusRepush,
  vfdTransactions,
  wemaAccountQuery,
  type FixedAccount,
  type FixedAccountBank,
} from '@traction/core';
import type { HandlerContext } from '../../handling/handler-context';
import { requireAdmin } from '../../handling/handler-context';
import { implement } from '../../handling/implement';
import { recordBusinessEvents } from '../merchants/index';
import { BankError } from '../../providers/banks/bank-provider';
import { callBank, recordBankChange } from './bank-errors';
import { renameAtBank } from './fixed-accounts.handlers';
import { assertMoneyMayMove, moneyPolicyFor } from './money-guard';
import { claimRepush, confirmRepush, findFixedAccount, settleRepush, type RepushStatus } from './risk.repository';

/** Our fixed account with this number at this bank, if it is one. */
async function ourAccount(ctx: HandlerContext, bank: FixedAccountBank, accountNumber: string): Promise<FixedAccount | null> {
  const account = await findFixedAccount(ctx.db, { accountNumber });
  return account && account.bank === bank ? account : null;
}

export const wemaAccountQueryHandler = implement(wemaAccountQuery, async ({ input, ctx }) => {
  const info = await callBank(() => ctx.deps.providers.banks.wema.nameEnquiry(input.accountNumber));
  const fixedAccount = await ourAccount(ctx, 'WEMA', input.accountNumber);
  const policy = fixedAccount ? await moneyPolicyFor(ctx.db, { businessId: fixedAccount.businessId, fixedAccountId: fixedAccount.id }) : null;
  return {
    bank: 'WEMA' as const,
    bankName: FIXED_ACCOUNT_BANKS.WEMA.name,
    accountNumber: info.accountNumber,
    accountName: info.accountName,
    status: info.status,
    fixedAccount,
    nameMatches: fixedAccount ? fixedAccount.accountName.trim().toLowerCase() === info.accountName.trim().toLowerCase() : null,
    inboundCredits: policy?.credit ?? null,
  };
});

export const vfdTransactionsHandler = implement(vfdTransactions, async ({ input, ctx }) => {
  const vfd = ctx.deps.providers.banks.vfd;
  const fields = { accountNumber: 'accountNo' };
  const info = await callBank(() => vfd.nameEnquiry(input.accountNo), { fields });
  const items = await callBank(() => vfd.transactions({ accountNumber: input.accountNo, fromDate: input.fromDate, endDate: input.endDate }), { fields });
  const total = (direction: 'CREDIT' | 'DEBIT') => items.filter((item) => item.direction === direction).reduce((sum, item) => sum + item.amountKobo, 0);
  return {
    accountNo: input.accountNo,
    accountName: info.accountName,
    bankName: FIXED_ACCOUNT_BANKS.VFD.name,
    fromDate: input.fromDate,
    endDate: input.endDate,
    items,
    totalCreditKobo: total('CREDIT'),
    totalDebitKobo: total('DEBIT'),
    fixedAccount: await ourAccount(ctx, 'VFD', input.accountNo),
  };
});

/** One of our Providus accounts: a number Providus would refuse is a 400, a valid one that is not ours a 404. */
async function providusAccount(ctx: HandlerContext, accountNumber: string): Promise<FixedAccount> {
  if (!isValidNuban(FIXED_ACCOUNT_BANKS.PROVIDUS.code, accountNumber)) {
    const message = `${accountNumber} is not a valid Providus Bank account number (NUBAN check digit)`;
    throw badRequest(message, [{ field: 'accountNumber', message }]);
  }
  const account = await ourAccount(ctx, 'PROVIDUS', accountNumber);
  if (!account) throw notFound(`${accountNumber} is not one of our Providus fixed accounts`);
  return account;
}

/** How long a re-push of a session blocks another: its notification has long arrived by then, or never will. */
export const REPUSH_HOLD_MS = 24 * 3_600_000;

/** Why a re-push of the session is refused: the earlier attempt, said plainly, and when one may be asked again. */
function repushRefusal(attempt: { status: RepushStatus; requested_at: Date; bank_reference: string | null }, sessionId: string, businessName: string) {
  const at = lagosDateTime(new Date(attempt.requested_at).toISOString());
  const retryFrom = new Date(new Date(attempt.requested_at).getTime() + REPUSH_HOLD_MS);
  const later = `another re-push of this session is possible from ${lagosDateTime(retryFrom.toISOString())}`;
  const check = `Check whether ${businessName} was credited for it before asking again; ${later}.`;
  const details = { sessionId, status: attempt.status, retryFrom: retryFrom.toISOString() };
  switch (attempt.status) {
    case 'confirmed':
      return conflict(
        `Providus already re-sent the notification of session ${sessionId} at ${at} (reference ${attempt.bank_reference}); ${businessName} is credited when it arrives. If it never does, ${later}.`,
        {
          reason: 'repush_recent',
          bankReference: attempt.bank_reference,
          ...details,
        },
      );
    case 'timed-out':
      return conflict(`Providus did not answer the re-push of session ${sessionId} at ${at}, so it may have re-sent the notification. ${check}`, {
        reason: 'repush_outcome_unknown',
        ...details,
      });
    default:
      return conflict(`Session ${sessionId} was re-pushed at ${at} and Providus's answer is not known yet: it may have re-sent the notification. ${check}`, {
        reason: 'repush_in_progress',
        ...details,
      });
  }
}

export const providusRepushHandler = implement(
  providusRepush,
  async ({ input, ctx }) => {
    const actor = requireAdmin(ctx);
    const { sessionId } = input;
    const account = await providusAccount(ctx, input.accountNumber);
    // The notification Providus re-sends credits the business: refused when the policy refuses money in.
    await assertMoneyMayMove(ctx.db, { businessId: account.businessId, direction: 'credit', fixedAccountId: account.id });
    // Recorded before Providus is asked, so a retry while the outcome is unknown (or soon after a
    // success) is refused: a second notification of one transfer would credit the business twice.
    const blocking = await claimRepush(ctx.db, {
      sessionId,
      accountNumber: account.accountNumber,
      fixedAccountId: account.id,
      businessId: account.businessId,
      adminId: actor.id,
      at: ctx.now,
      heldSince: new Date(ctx.now.getTime() - REPUSH_HOLD_MS),
    });
    if (blocking) throw repushRefusal(blocking, sessionId, account.businessName);
    const receipt = await callBank(
      async () => {
        try {
          return await ctx.deps.providers.banks.providus.repushNotification({ accountNumber: account.accountNumber, sessionId });
        } catch (error) {
          // Anything but a bank error (a bug) leaves the attempt `requested`: unknown, so it blocks.
          if (error instanceof BankError) await noteRepushAnswer(ctx, sessionId, error);
          throw error;
        }
      },
      { change: { mayHave: 're-sent the notification', check: `whether ${account.businessName} was credited for session ${sessionId}` } },
    );
    await recordBankChange(ctx, { bank: 'PROVIDUS', bankReference: receipt.bankReference, accountNumber: account.accountNumber }, async (trx) => {
      await confirmRepush(trx, sessionId, receipt, ctx.now);
      await recordBusinessEvents(trx, [
        {
          businessId: account.businessId,
          kind: 'providus.repush',
          message: `Providus asked to re-send the notification of session ${sessionId} into ${account.accountNumber}`,
          adminId: actor.id,
          details: {
            fixedAccountId: account.id,
            accountNumber: account.accountNumber,
            sessionId,
            bankReference: receipt.bankReference,
            amountKobo: receipt.amountKobo,
          },
          at: ctx.now,
        },
      ]);
    });
    return {
      accountNumber: account.accountNumber,
      sessionId,
      businessId: account.businessId,
      businessName: account.businessName,
      amountKobo: receipt.amountKobo,
      bankReference: receipt.bankReference,
      message: `Providus will re-send the notification of session ${sessionId} (${formatNaira(receipt.amountKobo)}); ${account.businessName} is credited when it arrives.`,
    };
  },
  { transactional: false },
);

/** Providus's answer to the attempt: no answer in time, an error (nothing sent), or one we could not read (left `requested`). */
async function noteRepushAnswer(ctx: HandlerContext, sessionId: string, error: BankError): Promise<void> {
  const status = error.kind === 'timeout' ? 'timed-out' : error.outcomeUnknown ? 'requested' : 'failed';
  try {
    await settleRepush(ctx.db, sessionId, status, ctx.now);
  } catch (recordError) {
    // The attempt stays `requested`, which blocks a retry as a timeout would: the safe side.
    ctx.deps.logger.error({ err: recordError, requestId: ctx.request.id, sessionId, status }, "could not record Providus's answer to a re-push");
  }
}

export const providusRenameHandler = implement(
  providusRename,
  async ({ input, ctx }) => renameAtBank(ctx, await providusAccount(ctx, input.accountNumber), input.accountName),
  { transactional: false },
);
