import { ApiError, nuban } from '@traction/core';
import type { AppDeps } from '../deps';
import { balances, openCompanyAccounts } from '../domains/ledger/index';
import { confirmBeneficiary, retryBankTransfer, sendTransfer, startTransfer, type TransferSource } from '../domains/transfers/index';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { createRandom } from './random';

const DAY = 86_400_000;
/** Beneficiary banks of the demo transfers (CBN codes). */
const BANKS = ['058', '044', '057', '011', '033', '070', '221', '214', '232', '035'];
const NARRATIONS = [
  'Supplier invoice',
  'Staff salary',
  'Rent for the shop',
  'Stock from the wholesaler',
  'Diesel for the generator',
  'Logistics',
  'Market levy',
];

/**
 * Demo funds transfers in every state (issue 15), made through the transfers domain as its
 * commands would and sent through the sandbox provider, dated over the past week: paid ones,
 * failures reversed, one retried, answers lost and found paid, pending ones the worker resolves
 * after start, transfers the fraud rules hold and one they block, payouts, and one from the
 * company's fee income. Beneficiary serials provoke the sandbox's outcomes (991 fails, 993/994 pending,
 * 995 lost answer). Once: skipped when any transfer exists.
 */
export async function seedTransfers(deps: AppDeps, options: { now?: Date } = {}): Promise<{ transfers: number }> {
  const db = deps.db;
  if (await db.selectFrom('bank_transfers').select('id').limit(1).executeTakeFirst()) return { transfers: 0 };
  const now = options.now ?? new Date();
  const operator = await db
    .selectFrom('admins as a')
    .innerJoin('admin_departments as ad', 'ad.admin_id', 'a.id')
    .innerJoin('departments as d', 'd.id', 'ad.department_id')
    .select('a.id')
    .where('d.name', '=', 'Operations')
    .where('a.role', '<>', 'super_admin')
    .orderBy('a.id')
    .executeTakeFirst();
  // Active wallets with money, not fraud: the richest pay the most.
  const payers = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('wallets as w', 'w.uid', 'a.wallet_uid')
    .innerJoin('businesses as b', 'b.id', 'w.business_id')
    .select(['b.id', 'b.name', 'w.uid', 'a.balance'])
    .where('w.status', '=', 'ACTIVE')
    .where('b.is_fraud', '=', false)
    .where('a.balance', '>', 2_000_000n)
    .orderBy('a.balance', 'desc')
    .orderBy('b.id')
    .limit(16)
    .execute();
  if (!operator || payers.length < 4) return { transfers: 0 };
  const random = createRandom(15);
  const serial = (ending: string) => `${String(100_000 + random.int(900_000))}${ending}`;
  const person = () => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
  // A blocked beneficiary (a mule account reported by a bank) for the blocked transfer below.
  const muleBank = '044';
  const mule = nuban(muleBank, serial('421'));
  await db
    .insertInto('fraud_blocked_beneficiaries')
    .values({
      bank_code: muleBank,
      account_number: mule,
      account_name: null,
      reason: 'Reported by Access Bank as a mule account (demo)',
      added_by: operator.id,
      added_at: new Date(now.getTime() - 9 * DAY),
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();

  let made = 0;
  const clock = { at: now };
  // The sends run as the worker would have, at the transfer's own time.
  const pastDeps: AppDeps = { ...deps, clock: { now: () => clock.at } };
  const transfer = async (plan: {
    source: TransferSource;
    bankCode: string;
    accountNumber: string;
    naira: number;
    narration: string;
    at: Date;
    origin?: 'single' | 'payout';
  }) => {
    clock.at = plan.at;
    try {
      const beneficiary = await confirmBeneficiary(db, deps, { bankCode: plan.bankCode, accountNumber: plan.accountNumber });
      const started = await db
        .transaction()
        .execute((trx) =>
          startTransfer(
            trx,
            { origin: plan.origin ?? 'single', source: plan.source, beneficiary, amount: BigInt(plan.naira * 100), narration: plan.narration },
            { now: plan.at, adminId: operator.id, commandId: 'demo.seed', requestId: null, backdated: true },
          ),
        );
      made += 1;
      // A provider that does not answer is given up on quickly: a start never waits out a bank's timeout.
      if (started.status === 'QUEUED') await sendTransfer(pastDeps, started.id, AbortSignal.timeout(300));
      return started;
    } catch (error) {
      // A wallet a limit or a policy stops is left out: demo data never stops a start.
      if (error instanceof ApiError) return null;
      throw error;
    }
  };
  const wallet = (index: number): TransferSource => {
    const payer = payers[index % payers.length]!;
    return { kind: 'wallet', businessId: payer.id, businessName: payer.name, walletUid: payer.uid };
  };
  const daysAgo = (days: number, hour: number) => new Date(now.getTime() - days * DAY - (24 - hour) * 3_600_000);

  // Paid, over the week, ₦5,000 to ₦45,000 (within every KYC tier's limits).
  for (let i = 0; i < 24; i += 1) {
    const bankCode = random.pick(BANKS);
    await transfer({
      source: wallet(i),
      bankCode,
      accountNumber: nuban(bankCode, serial(String(100 + random.int(800)))),
      naira: 5_000 + random.int(40) * 1_000,
      narration: `${random.pick(NARRATIONS)} — ${person()}`,
      at: daysAgo(6 - Math.floor(i / 4), 9 + (i % 8)),
    });
  }
  // Failed at the beneficiary bank and reversed; the first is retried (and paid).
  for (let i = 0; i < 3; i += 1) {
    const failed = await transfer({
      source: wallet(i + 3),
      bankCode: '058',
      accountNumber: nuban('058', serial('991')),
      naira: 12_000 + i * 3_000,
      narration: 'Supplier invoice — refused by the bank',
      at: daysAgo(3 - i, 11),
    });
    if (i === 0 && failed) {
      clock.at = daysAgo(2, 15);
      const retried = await db
        .transaction()
        .execute((trx) =>
          retryBankTransfer(trx, failed.id, 'The merchant confirmed the account: send again', {
            now: clock.at,
            adminId: operator.id,
            commandId: 'demo.seed',
            requestId: null,
            backdated: true,
          }),
        )
        .catch(() => null);
      if (retried) await sendTransfer(pastDeps, retried.id, AbortSignal.timeout(300));
    }
  }
  // The bank's answer was lost: pending, then found paid by the re-query after start.
  await transfer({
    source: wallet(5),
    bankCode: '057',
    accountNumber: nuban('057', serial('995')),
    naira: 18_500,
    narration: 'Stock from the wholesaler — answer lost',
    at: daysAgo(0, 8),
  });
  // Pending at the bank now: one will be paid, one will fail (the worker asks again after start).
  await transfer({
    source: wallet(6),
    bankCode: '033',
    accountNumber: nuban('033', serial('993')),
    naira: 22_000,
    narration: 'Rent for the shop',
    at: new Date(now.getTime() - 20 * 60_000),
  });
  await transfer({
    source: wallet(7),
    bankCode: '011',
    accountNumber: nuban('011', serial('994')),
    naira: 9_500,
    narration: 'Logistics',
    at: new Date(now.getTime() - 12 * 60_000),
  });
  // Held by the fraud rules: a large amount to a new beneficiary (waiting in the review queue),
  // from Tier 3 wallets that hold it, so a reviewer's release goes through.
  const rich = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('wallets as w', 'w.uid', 'a.wallet_uid')
    .innerJoin('businesses as b', 'b.id', 'w.business_id')
    .select(['b.id', 'b.name', 'w.uid', 'a.balance'])
    .where('w.status', '=', 'ACTIVE')
    .where('b.is_fraud', '=', false)
    .where('b.kyc_exempt', '=', true)
    .where('a.balance', '>', 120_000_000n)
    .orderBy('a.balance', 'desc')
    .orderBy('b.id')
    .limit(3)
    .execute();
  for (let i = 0; i < 3; i += 1) {
    const payer = rich[i];
    // Above the ₦1,000,000 new-beneficiary threshold, within what the wallet holds (else a release is refused, which the demo also shows).
    const naira = payer ? Math.min(4_500_000, Math.floor(Number(payer.balance) / 100 / 1_000) * 900) : 1_500_000 + i * 650_000;
    const source: TransferSource = payer ? { kind: 'wallet', businessId: payer.id, businessName: payer.name, walletUid: payer.uid } : wallet(i);
    await transfer({
      source,
      bankCode: '070',
      accountNumber: nuban('070', serial(String(300 + i))),
      naira: Math.max(naira, 1_050_000),
      narration: 'Equipment purchase',
      at: daysAgo(0, 10 + i),
    });
  }
  // Blocked: the mule account.
  await transfer({ source: wallet(8), bankCode: muleBank, accountNumber: mule, naira: 40_000, narration: 'Payment for goods', at: daysAgo(1, 16) });
  // Payouts to the merchant's own (settlement) account are ordinary transfers with origin payout.
  for (let i = 0; i < 2; i += 1) {
    const bankCode = random.pick(BANKS);
    await transfer({
      source: wallet(9 + i),
      bankCode,
      accountNumber: nuban(bankCode, serial(String(500 + i))),
      naira: 30_000,
      narration: 'Payout to settlement account',
      at: daysAgo(1, 18 + i),
      origin: 'payout',
    });
  }
  // From the company: half of the fee income earned so far, to the company's operating account.
  const company = await openCompanyAccounts(db);
  const feeIncome = (await balances(db, [company.feeIncome])).get(company.feeIncome) ?? 0n;
  const half = Number(feeIncome / 20_000n) * 100;
  if (half > 0) {
    await transfer({
      source: { kind: 'company', account: 'fee-income' },
      bankCode: '058',
      accountNumber: nuban('058', '000123456'),
      naira: half,
      narration: 'Fee income to operating account',
      at: daysAgo(1, 17),
    });
  }
  return { transfers: made };
}
