import { BULK_TRANSFER_COLUMNS, cancelBulkTransfers, getBulkTransfers, nuban, submitBulkTransfers, uploadBulkTransfers, type BulkUpload } from '@traction/core';
import { stringify } from 'csv-stringify/sync';
import type { AppDeps } from '../deps';
import { decideApproval, executorsById } from '../domains/approvals/index';
import { bulkTransferExecutors, bulkTransferImplementations, bulkTransferJobs, runBulkUpload } from '../domains/bulk-transfers/index';
import type { AnyJobDefinition } from '../domains/jobs/index';
import { balances, openCompanyAccounts, post, walletAccount } from '../domains/ledger/index';
import { transferJobs } from '../domains/transfers/index';
import { transferFee } from '../domains/wallet-settings/index';
import { type DemoClock, refusable, runDemoCommand, runDemoJobs } from './demo-runner';
import { type DemoWallet, demoWallets } from './demo-wallets';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { createRandom, type Random } from './random';
import { demoAdmin } from './seed-approvals';

const HOUR = 3_600_000;
/** Beneficiary banks of the demo rows (CBN codes). */
const BANKS = ['058', '044', '057', '011', '033', '070', '221', '214', '232', '035', '050', '076'];
/** The jobs that send an approved upload, its postings dated by the demo clock (in the past) as the worker would have run it then. */
const backdatedRun: readonly AnyJobDefinition[] = [
  ...transferJobs,
  ...bulkTransferJobs.map((definition): typeof definition => ({ ...definition, run: (job) => runBulkUpload(job, { backdated: true }) })),
];

/** One row of a bulk file, as the template's columns name them. */
interface FileRow {
  bank: string;
  accountNumber: string;
  amount: string;
  narration: string;
  reference?: string;
  /** What the row pays, kobo (not in the file: what the paying wallet must hold). */
  kobo: bigint;
}

const csvOf = (rows: readonly FileRow[]) =>
  stringify([
    BULK_TRANSFER_COLUMNS.map((column) => column.key),
    ...rows.map((row) => [row.bank, row.accountNumber, row.amount, row.narration, row.reference ?? '', '']),
  ]);

const naira = (amount: number) => amount.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const monthOf = (at: Date) => new Intl.DateTimeFormat('en-NG', { month: 'long', timeZone: 'Africa/Lagos' }).format(at);
const yearMonthOf = (at: Date) => at.toISOString().slice(0, 7).replace('-', '');

/**
 * Demo bulk uploads with their history (issue 15 §10), made through the bulk-transfers
 * domain's own commands, the approvals domain's decisions and its job, sent through the sandbox
 * provider and dated over the past days: a month's salaries paid (two rows failed at the bank
 * and were reversed), suppliers submitted with their bad rows excluded whose large row the fraud
 * rules hold for review, bonuses declined, a file cancelled after it was submitted, field
 * agents' airtime paid from the company's fee income (when it holds enough), and a payroll
 * waiting for approval. The paying merchants are Tier 3 (no ₦50,000 limit in the way), their wallets
 * funded by the week's card takings before they pay. Once: skipped when any upload exists.
 */
export async function seedBulkTransfers(deps: AppDeps, options: { now?: Date } = {}): Promise<{ uploads: number }> {
  const db = deps.db;
  if (await db.selectFrom('bulk_transfer_uploads').select('id').limit(1).executeTakeFirst()) return { uploads: 0 };
  const now = options.now ?? new Date();
  const [maker, approver] = [await demoAdmin(db, 'Operations'), await demoAdmin(db, 'Finance')];
  const [salariesPayer, suppliersPayer, payrollPayer] = await demoWallets(db, { minTier: 3, minBalance: 0n, count: 3 });
  if (!maker || !approver || !salariesPayer || !suppliersPayer || !payrollPayer) return { uploads: 0 };
  const random = createRandom(22);
  const fee = BigInt(await transferFee(db));
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const clock: DemoClock = { at: now };
  const executors = executorsById(bulkTransferExecutors);
  let made = 0;

  const upload = (fileName: string, source: DemoWallet | 'fee-income', rows: readonly FileRow[], at: Date) =>
    refusable(async () => {
      const answer = await runDemoCommand(
        deps,
        bulkTransferImplementations,
        uploadBulkTransfers,
        {
          ...(source === 'fee-income' ? { from: 'company', companyAccount: 'fee-income' } : { from: 'wallet', business: String(source.businessId) }),
          file: new File([csvOf(rows)], fileName, { type: 'text/csv' }),
        },
        { admin: maker, at },
      );
      made += 1;
      return answer.upload;
    });
  const submit = (upload: BulkUpload | null, reason: string, at: Date) =>
    upload &&
    refusable(async () => {
      const answer = await runDemoCommand(
        deps,
        bulkTransferImplementations,
        submitBulkTransfers,
        { id: upload.id, reason, excludeBadRows: upload.badRows > 0 },
        { admin: maker, at },
      );
      return answer.upload;
    });
  const decide = (upload: BulkUpload | null, decision: 'approve' | 'decline', note: string, at: Date) =>
    upload?.approvalRequestId &&
    refusable(() =>
      db
        .transaction()
        .execute((trx) =>
          decideApproval(
            { db: trx, now: at, admin: approver, requestId: null },
            { id: upload.approvalRequestId!, decision, note, commandId: 'demo.seed', executors },
          ),
        ),
    );
  const view = async (id: number) =>
    (await runDemoCommand(deps, bulkTransferImplementations, getBulkTransfers, { id }, { admin: approver, at: clock.at })).upload;
  /** Runs an approved upload from `at` until `settled`, at most two hours of the story. */
  const run = async (upload: BulkUpload | null, at: Date, settled: (upload: BulkUpload) => boolean) => {
    if (!upload) return;
    clock.at = at;
    await runDemoJobs(deps, clock, backdatedRun, {
      settled: async () => settled(await view(upload.id)),
      until: new Date(at.getTime() + 2 * HOUR),
    });
  };
  const finished = (upload: BulkUpload) => upload.status === 'DONE' && upload.finishedAt !== null;
  const row = (plan: { naira: number; narration: string; ending?: string; reference?: string }): FileRow => {
    const bank = random.pick(BANKS);
    return {
      bank,
      accountNumber: nuban(bank, serial(random, plan.ending ?? String(100 + random.int(800)))),
      amount: naira(plan.naira),
      kobo: BigInt(plan.naira * 100),
      narration: plan.narration,
      ...(plan.reference ? { reference: plan.reference } : {}),
    };
  };
  const totalOf = (rows: readonly FileRow[]) => rows.reduce((sum, one) => sum + one.kobo, 0n);

  // A month's salaries, paid four days ago; two staff accounts refused by their bank (reversed).
  const salariesAt = hoursAgo(100);
  const month = monthOf(salariesAt);
  const salaries = Array.from({ length: 40 }, (_, index) =>
    row({
      naira: 35_000 + random.int(24) * 2_500,
      narration: `${month} salary — ${person(random)}`,
      ...(index === 16 || index === 32 ? { ending: '991' } : {}),
      reference: `SAL-${yearMonthOf(salariesAt)}-${String(index + 1).padStart(3, '0')}`,
    }),
  );
  await fund(deps, salariesPayer, totalOf(salaries) + fee * 40n, { from: hoursAgo(220), to: hoursAgo(102), random });
  const salariesUpload = await upload(`salaries-${month.toLowerCase()}.csv`, salariesPayer, salaries, salariesAt);
  const salariesSubmitted = await submit(salariesUpload, `${month} salaries for ${salariesPayer.businessName}'s 40 staff`, hoursAgo(99.7));
  await decide(salariesSubmitted, 'approve', 'Matches the payroll the merchant sent by email', hoursAgo(98.5));
  await run(salariesSubmitted, hoursAgo(98.5), finished);

  // Bonuses from the same merchant, declined.
  const bonuses = Array.from({ length: 8 }, () => row({ naira: 10_000 + random.int(16) * 1_000, narration: `Q3 bonus — ${person(random)}` }));
  const bonusesUpload = await upload('q3-bonuses.csv', salariesPayer, bonuses, hoursAgo(76));
  await decide(
    await submit(bonusesUpload, 'Quarterly staff bonuses', hoursAgo(75.8)),
    'decline',
    "Bonuses need the managing director's written approval: attach it and upload again",
    hoursAgo(72),
  );

  // Suppliers, submitted without their three bad rows; the equipment row is large for a new
  // beneficiary, so the fraud rules hold it for a reviewer.
  const good = nuban('044', serial(random, '412'));
  const supplierRows = [
    ...Array.from({ length: 10 }, () => row({ naira: 20_000 + random.int(33) * 5_000, narration: `Supplier invoice ${1_200 + random.int(800)}` })),
    row({ naira: 1_250_000, narration: 'Cold room equipment, invoice 1877' }),
    // A mistyped account number (its check digit is wrong), an account nobody holds, an amount with a letter O.
    { bank: '044', accountNumber: `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`, amount: naira(45_000), kobo: 0n, narration: 'Supplier invoice 1903' },
    { bank: 'Zenith Bank', accountNumber: nuban('057', serial(random, '997')), amount: naira(30_000), kobo: 0n, narration: 'Supplier invoice 1904' },
    { bank: '033', accountNumber: nuban('033', serial(random, '215')), amount: '12,5OO.00', kobo: 0n, narration: 'Supplier invoice 1905' },
  ];
  await fund(deps, suppliersPayer, totalOf(supplierRows.slice(0, 11)) + fee * 11n, { from: hoursAgo(150), to: hoursAgo(54), random });
  const suppliersUpload = await upload('suppliers-this-week.csv', suppliersPayer, supplierRows, hoursAgo(52));
  const suppliersSubmitted = await submit(suppliersUpload, "This week's supplier invoices; the three bad rows are paid by cheque", hoursAgo(51.5));
  await decide(suppliersSubmitted, 'approve', 'Invoices checked', hoursAgo(50));
  await run(suppliersSubmitted, hoursAgo(50), (upload) => upload.progress.pending === upload.progress.held);

  // Field agents' airtime from the company's fee income: a third of what it holds, when that makes rows worth sending.
  const company = await openCompanyAccounts(db);
  const feeIncome = (await balances(db, [company.feeIncome])).get(company.feeIncome) ?? 0n;
  const airtime = Number(feeIncome / 3n / 3n / 5_000n) * 50;
  if (airtime >= 100) {
    const agents = Array.from({ length: 3 }, () => row({ naira: airtime - random.int(3) * 50, narration: `Airtime allowance — ${person(random)}` }));
    const airtimeUpload = await upload('agent-airtime.csv', 'fee-income', agents, hoursAgo(30));
    await decide(await submit(airtimeUpload, "Field agents' airtime for the month", hoursAgo(29.8)), 'approve', 'Within the agents budget', hoursAgo(29));
    await run(airtimeUpload, hoursAgo(29), finished);
  }

  // Submitted, then withdrawn by the maker before anyone decided.
  const vendors = Array.from({ length: 6 }, () => row({ naira: 8_000 + random.int(20) * 1_000, narration: `Vendor payment ${500 + random.int(400)}` }));
  const vendorsUpload = await submit(await upload('vendors.csv', suppliersPayer, vendors, hoursAgo(26)), 'Vendors for the week', hoursAgo(25.9));
  if (vendorsUpload) {
    await refusable(() =>
      runDemoCommand(
        deps,
        bulkTransferImplementations,
        cancelBulkTransfers,
        { id: vendorsUpload.id, reason: "Wrong file: last month's vendors" },
        { admin: maker, at: hoursAgo(25) },
      ),
    );
  }

  // A payroll waiting for a second admin (requests wait 48 hours).
  const thisMonth = monthOf(now);
  const payrollRows = Array.from({ length: 25 }, () => row({ naira: 30_000 + random.int(21) * 2_500, narration: `${thisMonth} salary — ${person(random)}` }));
  await fund(deps, payrollPayer, totalOf(payrollRows) + fee * 25n, { from: hoursAgo(60), to: hoursAgo(4), random });
  await submit(await upload(`payroll-${thisMonth.toLowerCase()}.csv`, payrollPayer, payrollRows, hoursAgo(3)), `${thisMonth} payroll`, hoursAgo(2.8));
  return { uploads: made };
}

/** A nine-digit serial ending as asked: the sandbox reads the ending (991 fails, 997 holds no account). */
const serial = (random: Random, ending: string) => `${String(100_000 + random.int(900_000))}${ending}`;
const person = (random: Random) => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;

/**
 * The card takings (POS credits from the banks' floats, through the ledger) that bring the
 * wallet up to what it is about to pay (`needed` kobo, fees included), spread between `from` and `to`.
 */
async function fund(deps: AppDeps, wallet: DemoWallet, needed: bigint, window: { from: Date; to: Date; random: Random }): Promise<void> {
  const { db } = deps;
  const account = await walletAccount(db, wallet.walletUid);
  const held = (await balances(db, [account.id])).get(account.id) ?? 0n;
  // ₦50,000 to spare: paying leaves the wallet with something in it.
  let missing = needed + 5_000_000n - held;
  if (missing <= 0n) return;
  const company = await openCompanyAccounts(db);
  const floats = [company.floatWema, company.floatProvidus, company.floatVfd];
  const span = window.to.getTime() - window.from.getTime();
  const count = Number(missing / 10_000_000n) + 1;
  for (let index = 0; index < count && missing > 0n; index += 1) {
    const amount = index === count - 1 ? missing : BigInt(8_000_000 + window.random.int(40) * 50_000);
    const at = new Date(window.from.getTime() + Math.floor((span * index) / count));
    const stamp = at.toISOString().slice(2, 10).replaceAll('-', '');
    await db.transaction().execute((trx) =>
      post(
        trx,
        [
          {
            debit: window.random.pick(floats),
            credit: account.id,
            amount,
            kind: 'pos_credit',
            // seed-ledger's references end in a sequence of eight digits; a 9 first keeps these apart.
            reference: `POS${stamp}9${String(wallet.businessId).padStart(4, '0')}${String(index).padStart(3, '0')}`,
            narration: 'POS purchase',
            counterparty: `POS ${window.random.pick(['Verve', 'Mastercard', 'Visa'])} ****${String(window.random.int(10_000)).padStart(4, '0')}`,
          },
        ],
        { commandId: 'demo.seed', at },
      ),
    );
    missing -= amount;
  }
}
