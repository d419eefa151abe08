import type { KycTier, TierLimits } from '@traction/core';
import type { Db } from '../db/connect';
import { walletLimitStates } from '../domains/wallet-settings/index';

/** A demo wallet money may leave, with its KYC tier's limits and what it has sent today. */
export interface DemoWallet {
  businessId: number;
  businessName: string;
  walletUid: string;
  balance: bigint;
  tier: KycTier;
  limits: TierLimits;
  usedToday: number;
}

/**
 * Wallets money may leave (ACTIVE, not fraud) of at least `minTier`, holding at least
 * `minBalance` kobo (and at most `maxBalance`), richest first (ties by business id, so the choice is the same every time).
 * Businesses in `except`, and those whose held transfers wait for a reviewer's release (which
 * needs the money still there), are left out.
 */
export async function demoWallets(
  db: Db,
  want: { minTier: KycTier; minBalance: bigint; maxBalance?: bigint; count: number; except?: readonly number[] },
): Promise<DemoWallet[]> {
  let query = db
    .selectFrom('ledger_accounts as a')
    .innerJoin('wallets as w', 'w.uid', 'a.wallet_uid')
    .innerJoin('businesses as b', 'b.id', 'w.business_id')
    .select(['b.id', 'b.name', 'w.uid', 'a.balance'])
    .where('w.status', '=', 'ACTIVE')
    .where('b.is_fraud', '=', false)
    .where('a.balance', '>=', want.minBalance)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('bank_transfers as t').select('t.id').whereRef('t.business_id', '=', 'b.id').where('t.status', '=', 'HELD'))),
    );
  if (want.maxBalance !== undefined) query = query.where('a.balance', '<=', want.maxBalance);
  if (want.except?.length) query = query.where('b.id', 'not in', [...want.except]);
  // The richest few hundred are enough to find a handful of the tier asked for.
  const rows = await query.orderBy('a.balance', 'desc').orderBy('b.id').limit(400).execute();
  const states = await walletLimitStates(
    db,
    rows.map((row) => row.uid),
  );
  const byWallet = new Map([...states.values()].map((state) => [state.walletUid, state]));
  const found: DemoWallet[] = [];
  for (const row of rows) {
    const state = byWallet.get(row.uid);
    if (!state || state.tier < want.minTier) continue;
    found.push({
      businessId: row.id,
      businessName: row.name,
      walletUid: row.uid,
      balance: BigInt(row.balance),
      tier: state.tier,
      limits: state.limits,
      usedToday: state.usedToday,
    });
    if (found.length === want.count) break;
  }
  return found;
}

/** Whether the wallet's tier lets it send `amount` kobo (its fee included) on top of what it sent today. */
export function withinLimits(wallet: DemoWallet, amount: bigint): boolean {
  const { singleDebitLimit, dailyDebitLimit } = wallet.limits;
  if (singleDebitLimit !== null && amount > BigInt(singleDebitLimit)) return false;
  return dailyDebitLimit === null || BigInt(wallet.usedToday) + amount <= BigInt(dailyDebitLimit);
}
