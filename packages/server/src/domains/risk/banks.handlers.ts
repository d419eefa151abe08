import {
  badRequest,
  FIXED_ACCOUNT_BANKS,
  formatNaira,
  isValidNuban,
  notFound,
  providusRename,
  providusRepush,
  vfdTransactions,
  wemaAccountQuery,
  type FixedAccount,
  type FixedAccountBank,
} from '@traction/core';
import type { HandlerContext } from '../../http/handler-context';
import { requireAdmin } from '../../http/handler-context';
import { implement } from '../../http/implement';
import { recordBusinessEvents } from '../businesses/business-events.repository';
import { callBank } from './bank-errors';
import { renameAtBank } from './fixed-accounts.handlers';
import { assertMoneyMayMove, moneyPolicyFor } from './money-guard';
import { findFixedAccount } from './risk.repository';

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
  const info = await callBank(() => vfd.nameEnquiry(input.accountNo), fields);
  const items = await callBank(() => vfd.transactions({ accountNumber: input.accountNo, fromDate: input.fromDate, endDate: input.endDate }), fields);
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

export const providusRepushHandler = implement(
  providusRepush,
  async ({ input, ctx }) => {
    const actor = requireAdmin(ctx);
    const account = await providusAccount(ctx, input.accountNumber);
    // The notification Providus re-sends credits the business: refused when the policy refuses money in.
    await assertMoneyMayMove(ctx.db, { businessId: account.businessId, direction: 'credit', fixedAccountId: account.id });
    const receipt = await callBank(() => ctx.deps.providers.banks.providus.repushNotification({ accountNumber: account.accountNumber, sessionId: input.sessionId }));
    await recordBusinessEvents(ctx.db, [
      {
        businessId: account.businessId,
        kind: 'providus.repush',
        message: `Providus asked to re-send the notification of session ${input.sessionId} into ${account.accountNumber}`,
        adminId: actor.id,
        details: { fixedAccountId: account.id, accountNumber: account.accountNumber, sessionId: input.sessionId, bankReference: receipt.bankReference, amountKobo: receipt.amountKobo },
        at: ctx.now,
      },
    ]);
    return {
      accountNumber: account.accountNumber,
      sessionId: input.sessionId,
      businessId: account.businessId,
      businessName: account.businessName,
      amountKobo: receipt.amountKobo,
      bankReference: receipt.bankReference,
      message: `Providus will re-send the notification of session ${input.sessionId} (${formatNaira(receipt.amountKobo)}); ${account.businessName} is credited when it arrives.`,
    };
  },
  { transactional: false },
);

export const providusRenameHandler = implement(
  providusRename,
  async ({ input, ctx }) => renameAtBank(ctx, await providusAccount(ctx, input.accountNumber), input.accountName),
  { transactional: false },
);
