import { moneyMovementPolicy, nuban } from '@traction/core';
import type { Db } from '../db/connect';
import { balances, openCompanyAccounts, post, reverse, walletAccount, type CompanyAccount, type Posting } from '../domains/ledger/index';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { createRandom, type Random } from './random';
import { transferFee } from '../domains/wallet-settings/index';

/**
 * Demo wallet histories (issue 14): POS credits from the banks' floats (some with cashback),
 * transfers out to bank accounts with their fee, and a few reversals, spread over the last 90
 * days, for the demo merchants' wallets. Everything is posted through the ledger's own
 * operations (post, reverse), so the money policy, the balances and the wallet transaction log
 * are exactly what a live system would have written; the ledger check passes afterwards.
 *
 * Wallets the money policy closes (fraud, frozen, closed) get no history; a PND wallet only
 * receives. Deterministic for a given set of merchants and anchor.
 */
export interface SeedLedgerOptions {
  /**
   * Principal transactions to post (a fee or cashback leg rides along with its principal and is
   * not counted). Default: one for every three wallets, so `npm start` stays quick (it scales
   * with the demo merchants).
   */
  transactions?: number;
  /** Share of the wallets that may receive money given a history (default 0.12: most demo merchants are quiet). */
  activeShare?: number;
  /** The history ends at this moment (default: now) and starts `days` before. */
  anchor?: Date;
  days?: number;
  /**
   * Legs per post() call. 1 (the default) posts every transaction on its own with its own time;
   * more (a few hundred, for benchmarks) posts that many legs in one call, sharing the time of
   * the call's first transaction — fewer round trips, coarser timestamps.
   */
  legsPerPost?: number;
  /** Share of transactions that reverse an earlier one of the wallet, when it has one (default 0.02). */
  reversalRate?: number;
  /** Transactions per database transaction (default 200). */
  perCommit?: number;
  /** Called after each commit with the transactions posted so far. */
  onProgress?: (posted: number) => void;
}

export interface SeededLedger {
  /** Principal transactions posted (POS credits and transfers out). */
  transactions: number;
  /** Reversals posted (each with its fee or cashback leg's reversal, when it had one). */
  reversals: number;
  /** Transfers written, every leg counted. */
  transfers: number;
  wallets: number;
}

const DAY = 86_400_000;
/** Lagos is UTC+1 all year: the wallet limits count debits per Lagos day. */
const LAGOS_OFFSET = 3_600_000;
/**
 * Most a demo wallet sends in a Lagos day, fees included: Tier 1's single-debit and daily limit
 * (₦50,000), the smallest there is, so no demo payout is refused whatever a merchant's KYC tier.
 * A wallet sends at most once per post() call: the limits count a posting's debits together.
 */
const DAILY_DEBITS = 5_000_000;
/** Banks people send to: short names as statements print them, CBN codes for valid NUBANs. */
const PAYEE_BANKS = [
  ['GTBank', '058'],
  ['Access', '044'],
  ['Zenith', '057'],
  ['FirstBank', '011'],
  ['UBA', '033'],
  ['Fidelity', '070'],
  ['Stanbic IBTC', '221'],
  ['FCMB', '214'],
  ['Sterling', '232'],
  ['Wema', '035'],
] as const;
const CARDS = ['Verve', 'Mastercard', 'Visa', 'Verve', 'Verve'] as const;
const FLOATS: readonly CompanyAccount[] = ['floatWema', 'floatWema', 'floatProvidus', 'floatVfd'];
const PAYOUT_REASONS = ['Supplier payment', 'Stock purchase', 'Rent', 'Staff salary', 'Logistics', 'Diesel', 'Family support'];
const POS_REVERSAL_REASONS = ['Customer dispute upheld: card issuer charged back the payment', 'Duplicate POS settlement from the acquirer'];
const TRANSFER_REVERSAL_REASONS = ['Beneficiary bank returned the transfer: account dormant', 'NIP timeout: the beneficiary bank never credited'];

interface WalletPlan {
  uid: string;
  businessId: number;
  accountId: number;
  canDebit: boolean;
  cashback: boolean;
  terminal: string;
  settlement: string | null;
  balance: number;
  /** The last transfers that could still be reversed (posted, not yet reversed). */
  lastPos: { id: bigint; reference: string; amount: number } | null;
  lastTransferOut: { id: bigint; reference: string } | null;
  from: number;
  /** The Lagos day of its last payout, and what it has sent that day. */
  debitDay: number;
  debitedToday: number;
}

/** Loads the demo wallet histories unless the ledger already holds transfers. */
export async function seedLedger(db: Db, options: SeedLedgerOptions = {}): Promise<SeededLedger> {
  const none: SeededLedger = { transactions: 0, reversals: 0, transfers: 0, wallets: 0 };
  if (await db.selectFrom('ledger_transfers').select('id').limit(1).executeTakeFirst()) return none;
  const anchor = (options.anchor ?? new Date()).getTime();
  const start = anchor - (options.days ?? 90) * DAY;
  const random = createRandom(14);
  const company = await openCompanyAccounts(db);
  // The fee the wallet settings charge on a transfer out (the Transfer Fee page's figure).
  const fee = await transferFee(db);

  const rows = await db
    .selectFrom('wallets as w')
    .innerJoin('businesses as b', 'b.id', 'w.business_id')
    .leftJoin('bank_accounts as s', (join) => join.onRef('s.business_id', '=', 'b.id').on('s.is_settlement', '=', true))
    .select(['w.uid', 'w.business_id', 'w.status', 'w.created_at', 'b.is_fraud', 's.bank_name', 's.bank_code', 's.account_number', 's.account_name'])
    .orderBy('w.business_id')
    .execute();
  // Which wallets are in use and how busy: a few very busy merchants, many quiet ones; newer wallets less.
  const chosen = rows.flatMap((row) => {
    const policy = moneyMovementPolicy({ isFraud: row.is_fraud, walletStatus: row.status, fixedAccount: null });
    const from = Math.max(start, new Date(row.created_at).getTime());
    if (!policy.credit.allowed || from >= anchor || !random.chance(options.activeShare ?? 0.12)) return [];
    return [{ row, from, canDebit: policy.debit.allowed, weight: random.pick([0.2, 0.4, 0.7, 1, 1, 1.5, 2.5, 5]) * ((anchor - from) / (anchor - start)) }];
  });
  if (chosen.length === 0) return none;
  const plans: WalletPlan[] = [];
  await db.transaction().execute(async (trx) => {
    for (const { row, from, canDebit } of chosen) {
      const account = await walletAccount(trx, row.uid);
      plans.push({
        uid: row.uid,
        businessId: row.business_id,
        accountId: account.id,
        canDebit,
        cashback: random.chance(0.25),
        terminal: `2${String(row.business_id).padStart(3, '0').slice(-3)}${random.pick(['LA', 'AB', 'KN', 'PH', 'IB'])}${(random.int(1296) + 1296).toString(36).toUpperCase()}`,
        settlement: row.account_number ? `${row.bank_name} ${row.account_number} ${row.account_name}` : null,
        balance: 0,
        lastPos: null,
        lastTransferOut: null,
        from,
        debitDay: -1,
        debitedToday: 0,
      });
    }
  });
  const weights = chosen.map((wallet) => wallet.weight);
  const total = options.transactions ?? Math.ceil(rows.length / 3);
  const sum = weights.reduce((a, b) => a + b, 0);
  // Every transaction's time and wallet, then all of them in time order.
  const times: number[] = [];
  const owners: number[] = [];
  plans.forEach((plan, index) => {
    const count = Math.max(1, Math.round((total * weights[index]!) / sum));
    for (let i = 0; i < count; i += 1) {
      times.push(plan.from + random.int(anchor - plan.from));
      owners.push(index);
    }
  });
  const order = Array.from(times.keys()).sort((a, b) => times[a]! - times[b]! || a - b);

  const adminId = (
    await db
      .selectFrom('admins as a')
      .innerJoin('admin_departments as ad', 'ad.admin_id', 'a.id')
      .innerJoin('departments as d', 'd.id', 'ad.department_id')
      .select('a.id')
      .where('d.name', '=', 'Operations')
      .where('a.password_hash', 'is not', null)
      .orderBy('a.id')
      .executeTakeFirst()
  )?.id;
  const legsPerPost = Math.max(1, options.legsPerPost ?? 1);
  const perCommit = Math.max(1, options.perCommit ?? 200);
  const out: SeededLedger = { transactions: 0, reversals: 0, transfers: 0, wallets: plans.length };
  let sequence = 0;

  /** Legs waiting for their post() call, with what to remember once they have ids. */
  let legs: Posting[] = [];
  let callAt = 0;
  let after: ((ids: bigint[]) => void)[] = [];
  /** Wallets that send money in the call being gathered: they send nothing more in it. */
  let sent = new Set<number>();

  await commitInChunks(db, order.length, perCommit, options.onProgress, async (trx, from, to) => {
    const flush = async () => {
      if (legs.length === 0) return;
      const posted = await post(trx, legs, { at: new Date(callAt) });
      const ids = posted.map((transfer) => transfer.id);
      for (const remember of after) remember(ids);
      legs = [];
      after = [];
      sent = new Set();
    };
    for (let k = from; k < to; k += 1) {
      const index = order[k]!;
      const plan = plans[owners[index]!]!;
      const at = times[index]!;
      // Every leg of a call takes the call's time, so a wallet's log read in time order is read
      // in the order the call wrote it, and its balances chain.
      const reversal = random.chance(options.reversalRate ?? 0.02) ? reversible(plan, random) : null;
      if (reversal) {
        await flush();
        const reason = random.pick(reversal.kind === 'pos' ? POS_REVERSAL_REASONS : TRANSFER_REVERSAL_REASONS);
        // As the reversal command writes it: the admin, the command, the reason in the narration.
        await reverse(trx, reversal.id, {
          at: new Date(at),
          adminId: adminId ?? null,
          commandId: 'wallets.reverse',
          narration: `Reversal of ${reversal.reference}: ${reason}`,
        });
        out.reversals += 1;
        if (reversal.kind === 'pos') plan.lastPos = null;
        else plan.lastTransferOut = null;
        plan.balance = Number((await balances(trx, [plan.accountId])).get(plan.accountId) ?? 0n);
        continue;
      }
      if (legs.length === 0) callAt = at;
      const reference = (prefix: string) => `${prefix}${new Date(at).toISOString().slice(2, 10).replaceAll('-', '')}${String(++sequence).padStart(8, '0')}`;
      const first = legs.length;
      const day = Math.floor((at + LAGOS_OFFSET) / DAY);
      if (plan.debitDay !== day) {
        plan.debitDay = day;
        plan.debitedToday = 0;
      }
      const allowance = Math.min(plan.balance, DAILY_DEBITS - plan.debitedToday);
      if (plan.canDebit && !sent.has(plan.accountId) && allowance >= 500_000 && random.chance(0.3)) {
        // A payout: most of what it may send today, to the merchant's own account or to someone they pay.
        const own = plan.settlement !== null && random.chance(0.6);
        let amount = Math.floor((allowance * (0.4 + random.next() * 0.55)) / 10_000) * 10_000;
        while (amount + fee > allowance) amount -= 10_000;
        plan.debitedToday += amount + fee;
        const [bank, code] = random.pick(PAYEE_BANKS);
        const payee = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`.toUpperCase();
        const counterparty = own ? plan.settlement : `${bank} ${nuban(code, String(random.int(1e9)).padStart(9, '0'))} ${payee}`;
        const principal = reference('TRF');
        legs.push(
          {
            debit: plan.accountId,
            credit: company[random.pick(FLOATS)],
            amount,
            kind: 'transfer_out',
            reference: principal,
            narration: own ? 'Settlement to own account' : `${random.pick(PAYOUT_REASONS)}: transfer to ${payee}`,
            counterparty,
          },
          {
            debit: plan.accountId,
            credit: company.feeIncome,
            amount: fee,
            kind: 'fee',
            reference: `FEE-${principal}`,
            narration: 'Transfer fee',
            parent: first,
          },
        );
        plan.balance -= amount + fee;
        after.push((ids) => {
          plan.lastTransferOut = { id: ids[first]!, reference: principal };
        });
        sent.add(plan.accountId);
      } else {
        // A card payment at the merchant's terminal: ₦200 to ₦150,000, most of them small.
        const amount = Math.round(Math.exp(Math.log(200) + random.next() ** 1.6 * Math.log(750)) / 50) * 5_000;
        const cashback = plan.cashback && amount >= 100_000 ? Math.min(100_000, Math.round(amount * 0.005)) : 0;
        const principal = reference('POS');
        legs.push({
          debit: company[random.pick(FLOATS)],
          credit: plan.accountId,
          amount,
          kind: 'pos_credit',
          reference: principal,
          narration: 'POS purchase',
          counterparty: `POS ${plan.terminal} ${random.pick(CARDS)} ****${String(random.int(10_000)).padStart(4, '0')}`,
        });
        if (cashback > 0) {
          legs.push({
            debit: company.cashbackExpense,
            credit: plan.accountId,
            amount: cashback,
            kind: 'cashback',
            reference: `CBK-${principal}`,
            narration: `Cashback 0.5% on ${principal}`,
            parent: first,
          });
        }
        plan.balance += amount + cashback;
        after.push((ids) => {
          // A payment with cashback is not offered for reversal: its leg would make the debit larger.
          plan.lastPos = cashback > 0 ? null : { id: ids[first]!, reference: principal, amount };
        });
      }
      out.transactions += 1;
      if (legs.length >= legsPerPost) await flush();
    }
    await flush();
  });
  const { n } = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { ...out, transfers: Number(n) };
}

/** A transfer of this wallet that a reversal could take back now, if any. */
function reversible(plan: WalletPlan, random: Random): { kind: 'pos' | 'transfer'; id: bigint; reference: string } | null {
  const pos = plan.canDebit && plan.lastPos && plan.lastPos.amount <= plan.balance ? plan.lastPos : null;
  const out = plan.lastTransferOut;
  if (pos !== null && (out === null || random.chance(0.5))) return { kind: 'pos', ...pos };
  return out === null ? null : { kind: 'transfer', ...out };
}

/** Runs `work` over [0, total) in chunks of `size`, each chunk in its own transaction. */
async function commitInChunks(
  db: Db,
  total: number,
  size: number,
  onProgress: ((done: number) => void) | undefined,
  work: (trx: Db, from: number, to: number) => Promise<void>,
): Promise<void> {
  for (let from = 0; from < total; from += size) {
    const to = Math.min(total, from + size);
    await db.transaction().execute((trx) => work(trx, from, to));
    onProgress?.(to);
  }
}
