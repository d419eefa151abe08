import {
  alreadyInState,
  badRequest,
  BALANCE_CAPPED_CREDIT_KINDS,
  formatNaira,
  getTransferFee,
  getWalletConfig,
  type KycTier,
  LIMIT_FREE_KINDS,
  notFound,
  remainingUnderLimits,
  type TierLimits,
  tierOrderProblem,
  updateTransferFee,
  updateWalletConfig,
  walletLimits,
} from '@traction/core';
import { requireAdmin } from '../../handling/handler-context';
import { implement } from '../../handling/implement';
import { walletLimitState } from './wallet-settings';
import { lockTierLimits, lockTransferFee, readTierLimits, readTransferFee, writeTierLimits, writeTransferFee } from './wallet-settings.repository';

export const getWalletConfigHandler = implement(getWalletConfig, async ({ ctx }) => ({
  tiers: await readTierLimits(ctx.db),
  transferFee: await readTransferFee(ctx.db),
  limitFreeKinds: [...LIMIT_FREE_KINDS],
  balanceCappedCreditKinds: [...BALANCE_CAPPED_CREDIT_KINDS],
}));

const limitText = (kobo: number | null) => (kobo === null ? 'no limit' : formatNaira(kobo));

export const updateWalletConfigHandler = implement(updateWalletConfig, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  // All tiers under lock: the order check must see another admin's change to a neighbouring tier.
  const tiers = await lockTierLimits(ctx.db);
  const current = tiers.find((row) => row.tier === input.tier);
  if (!current) throw notFound(`There is no KYC tier ${input.tier}`);
  const pick = (value: number | undefined, none: boolean | undefined, was: number | null) => (none ? null : (value ?? was));
  const next: TierLimits = {
    tier: input.tier as KycTier,
    singleDebitLimit: pick(input.singleDebitLimit, input.noSingleDebitLimit, current.singleDebitLimit),
    dailyDebitLimit: pick(input.dailyDebitLimit, input.noDailyDebitLimit, current.dailyDebitLimit),
    maxBalance: pick(input.maxBalance, input.noBalanceLimit, current.maxBalance),
  };
  if (next.singleDebitLimit !== null && next.dailyDebitLimit !== null && next.singleDebitLimit > next.dailyDebitLimit) {
    const field = input.singleDebitLimit !== undefined ? 'singleDebitLimit' : 'dailyDebitLimit';
    const message = `the single-debit limit (${formatNaira(next.singleDebitLimit)}) must not be above the daily debit limit (${formatNaira(next.dailyDebitLimit)})`;
    throw badRequest(`Tier ${next.tier}: ${message}`, [{ field, message }]);
  }
  const order = tierOrderProblem(tiers.map((row) => (row.tier === next.tier ? next : row)));
  if (order) throw badRequest(order.message, [{ field: order.field, message: order.message }]);
  if (next.singleDebitLimit === current.singleDebitLimit && next.dailyDebitLimit === current.dailyDebitLimit && next.maxBalance === current.maxBalance) {
    throw alreadyInState(`Tier ${next.tier}'s limits are already so`);
  }
  await writeTierLimits(ctx.db, next, { adminId: actor.id, at: ctx.now });
  const row = (await readTierLimits(ctx.db)).find((tier) => tier.tier === next.tier)!;
  return {
    tier: row,
    message: `Tier ${row.tier}: single debit ${limitText(row.singleDebitLimit)}, daily debits ${limitText(row.dailyDebitLimit)}, balance ${limitText(row.maxBalance)}. Applies from the next posting.`,
  };
});

export const getTransferFeeHandler = implement(getTransferFee, async ({ ctx }) => readTransferFee(ctx.db));

export const updateTransferFeeHandler = implement(updateTransferFee, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const previousFee = await lockTransferFee(ctx.db);
  if (previousFee === input.value) throw alreadyInState(`The transfer fee is already ${formatNaira(input.value)}`);
  await writeTransferFee(ctx.db, input.value, { adminId: actor.id, at: ctx.now });
  const fee = await readTransferFee(ctx.db);
  return { ...fee, previousFee, message: `The transfer fee is now ${formatNaira(fee.fee)} (was ${formatNaira(previousFee)}).` };
});

export const walletLimitsHandler = implement(walletLimits, async ({ input, ctx }) => {
  const state = await walletLimitState(ctx.db, input.uid);
  if (!state) throw notFound(`No wallet has the uid ${input.uid}`);
  const remaining = remainingUnderLimits(state.limits, state.usedToday, state.balance);
  return {
    uid: state.walletUid,
    businessId: state.businessId,
    tier: state.tier,
    tierBecause: state.tierBecause,
    singleDebitLimit: state.limits.singleDebitLimit,
    dailyDebitLimit: state.limits.dailyDebitLimit,
    maxBalance: state.limits.maxBalance,
    balance: state.balance,
    usedToday: state.usedToday,
    day: state.day,
    nextDebitRemaining: remaining.nextDebitKobo,
    dailyRemaining: remaining.dailyRemainingKobo,
    balanceRemaining: remaining.balanceRemainingKobo,
  };
});
