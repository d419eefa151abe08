import { lagosDate } from '@traction/core';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect';
import type { HandlerContext } from '../../handling/handler-context';
import { countQuery, pageQuery } from '../../handling/list-runner';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness, insertWallet } from '../../test/merchant-fixtures';
import { ledgerWallet, nextReference } from '../../test/ledger-kit';
import { checkLedger, openCompanyAccounts, post, reverse, type CompanyAccount } from './index';
import { listWalletTransactionsHandler } from './wallet-transactions.handlers';

const LIST = '/api/EWTraction/wallettransactions';
const ALL = '/api/EWTraction/allwallettransactions';
const BY_BUSINESS = (id: number) => `/api/EWTraction/transactionsbybusinessid/${id}`;
const BY_REFERENCE = (reference: string) => `/api/EWTraction/transactionbyreference/${encodeURIComponent(reference)}`;

let t: TestApp;
let viewer: Actor;
let company: Record<CompanyAccount, number>;
const inTransaction = <T>(work: (trx: Db) => Promise<T>) => t.db.transaction().execute(work);

/** Alpha: funded 1,000.00, paid out 200.00 with a 25.00 fee, got 5.00 cashback. Beta: funded, credited 70.00, the credit reversed. */
const alpha = { businessId: 0, uid: '', fund: '', payout: '', fee: '', cashback: '' };
const beta = { businessId: 0, credit: '', reversal: '' };

beforeAll(async () => {
  t = await createTestApp();
  company = await openCompanyAccounts(t.db);
  viewer = await t.actor({ role: 'staff', permissions: ['wallets.view'] });

  const a = await ledgerWallet(t.db, { funds: 100_000, business: { name: 'Wallet Log Alpha' } });
  alpha.businessId = a.business.id;
  alpha.uid = a.wallet.uid;
  alpha.fund = (await t.db.selectFrom('ledger_wallet_entries').select('reference').where('account_id', '=', a.account.id).executeTakeFirstOrThrow()).reference;
  alpha.payout = nextReference('OUT');
  alpha.fee = nextReference('FEE');
  alpha.cashback = nextReference('CB');
  await inTransaction((trx) =>
    post(
      trx,
      [
        {
          debit: a.account.id,
          credit: company.floatVfd,
          amount: 20_000,
          kind: 'transfer_out',
          reference: alpha.payout,
          narration: 'Payout to supplier',
          counterparty: 'GTBank 0123456789 Ada Obi',
        },
        { debit: a.account.id, credit: company.feeIncome, amount: 2_500, kind: 'fee', reference: alpha.fee, parent: 0 },
      ],
      { adminId: viewer.id, commandId: 'test.payout', requestId: 'req-payout' },
    ),
  );
  await inTransaction((trx) => post(trx, [{ debit: company.cashbackExpense, credit: a.account.id, amount: 500, kind: 'cashback', reference: alpha.cashback }]));

  const b = await ledgerWallet(t.db, { funds: 50_000, business: { name: 'Wallet Log Beta' } });
  beta.businessId = b.business.id;
  beta.credit = nextReference('CR');
  const [credited] = await inTransaction((trx) =>
    post(trx, [{ debit: company.adjustments, credit: b.account.id, amount: 7_000, kind: 'credit', reference: beta.credit, narration: 'Goodwill credit' }]),
  );
  const reversed = await inTransaction((trx) => reverse(trx, credited!.id, { adminId: viewer.id, narration: 'Credited twice' }));
  beta.reversal = reversed.reference;
});
afterAll(() => t.close());

type Row = { reference: string; kind: string; amount: number; fee: number; balanceBefore: number; balanceAfter: number; status: string };
const references = (body: { items: Row[] }) => body.items.map((row) => row.reference);
const listed = async (body: Record<string, unknown>) => {
  const answer = await viewer.request('POST', LIST, { body });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { items: Row[]; total: number; next: number | null; hasMore: boolean };
};

describe('the wallet transaction log', () => {
  it("lists a wallet's movements newest first, the fee on its principal, balances before and after", async () => {
    const page = await listed({ businessId: alpha.businessId });
    expect(references(page)).toEqual([alpha.cashback, alpha.fee, alpha.payout, alpha.fund]);
    expect(page.items[2]).toMatchObject({
      kind: 'transfer_out',
      direction: 'debit',
      amount: 20_000,
      fee: 2_500,
      balanceBefore: 100_000,
      balanceAfter: 80_000,
      status: 'SUCCESSFUL',
      reversedBy: null,
      partOf: null,
      narration: 'Payout to supplier',
      counterparty: 'GTBank 0123456789 Ada Obi',
      businessName: 'Wallet Log Alpha',
      walletUid: alpha.uid,
    });
    expect(page.items[1]).toMatchObject({ kind: 'fee', amount: 2_500, fee: 0, balanceBefore: 80_000, balanceAfter: 77_500, partOf: alpha.payout });
    expect(page.items[0]).toMatchObject({ kind: 'cashback', direction: 'credit', balanceAfter: 78_000 });
    expect(page.total).toBe(4);
  });

  it.each([
    ['kind', { kind: 'transfer_out' }, () => [alpha.payout]],
    ['direction', { direction: 'credit' }, () => [alpha.cashback, alpha.fund]],
    ['reference', { reference: 'placeholder' }, () => [alpha.fee]],
    ['status', { status: 'SUCCESSFUL' }, () => [alpha.cashback, alpha.fee, alpha.payout, alpha.fund]],
    ['amount range', { minAmount: 2_500, maxAmount: 20_000 }, () => [alpha.fee, alpha.payout]],
    ['minimum amount', { minAmount: 20_001 }, () => [alpha.fund]],
    ['maximum amount', { maxAmount: 500 }, () => [alpha.cashback]],
  ])('filters by %s', async (_name, filter, expected) => {
    const body = { businessId: alpha.businessId, ...filter, ...('reference' in filter ? { reference: alpha.fee } : {}) };
    expect(references(await listed(body))).toEqual(expected());
  });

  it('marks a reversed transaction REVERSED, naming the reversal, and finds it by status', async () => {
    const reversed = await listed({ businessId: beta.businessId, status: 'REVERSED' });
    expect(reversed.items).toEqual([
      expect.objectContaining({ reference: beta.credit, kind: 'credit', status: 'REVERSED', reversedBy: beta.reversal, amount: 7_000 }),
    ]);
    const all = await listed({ businessId: beta.businessId });
    expect(all.items[0]).toMatchObject({
      reference: beta.reversal,
      kind: 'reversal',
      direction: 'debit',
      status: 'SUCCESSFUL',
      balanceBefore: 57_000,
      balanceAfter: 50_000,
    });
    expect((await listed({ status: 'REVERSED' })).items.map((row) => row.reference)).toContain(beta.credit);
  });

  it('reads date bounds to the minute, :00.000 to :59.999 inclusive, in Lagos time', async () => {
    const entry = await t.db.selectFrom('ledger_wallet_entries').select('created_at').where('reference', '=', alpha.payout).executeTakeFirstOrThrow();
    const minute = (offset: number) => {
      const at = new Date(new Date(entry.created_at).getTime() + offset * 60_000 + 3_600_000);
      return at.toISOString().slice(0, 16);
    };
    const only = (range: Record<string, string>) => listed({ reference: alpha.payout, ...range }).then(references);
    expect(await only({ startdatetime: `${minute(0)}:00.000`, enddatetime: `${minute(0)}:59.999` })).toEqual([alpha.payout]);
    expect(await only({ enddatetime: `${minute(-1)}:59.999` })).toEqual([]);
    expect(await only({ startdatetime: `${minute(1)}:00.000` })).toEqual([]);
    const today = lagosDate(new Date(entry.created_at));
    expect(await only({ startdatetime: today, enddatetime: today })).toEqual([alpha.payout]);
  });

  it('pages by keyset: next follows the last row, however many rows arrive meanwhile', async () => {
    const first = await listed({ businessId: alpha.businessId, limit: 2 });
    expect(references(first)).toEqual([alpha.cashback, alpha.fee]);
    expect(first.hasMore).toBe(true);
    const second = await listed({ businessId: alpha.businessId, limit: 2, after: first.next });
    expect(references(second)).toEqual([alpha.payout, alpha.fund]);
    expect(second.hasMore).toBe(false);
  });

  it('answers the same rows by business id and across all wallets (GET, query string)', async () => {
    const byBusiness = await viewer.request('GET', BY_BUSINESS(alpha.businessId), { query: { kind: 'fee' } });
    expect(byBusiness.status).toBe(200);
    expect(references(byBusiness.body)).toEqual([alpha.fee]);
    const all = await viewer.request('GET', ALL, { query: { businessId: String(alpha.businessId), direction: 'debit' } });
    expect(references(all.body)).toEqual([alpha.fee, alpha.payout]);
  });

  it('downloads the filtered log as CSV, amounts as plain Naira', async () => {
    const csv = await viewer.request('POST', LIST, { body: { businessId: alpha.businessId, kind: 'transfer_out', download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const [header, row, ...rest] = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toBe('Time,Reference,Business,Kind,Direction,Amount,Fee,Balance before,Balance after,Status,Narration,Counterparty,Part of');
    expect(row).toContain(
      `${alpha.payout},Wallet Log Alpha,transfer_out,debit,200.00,25.00,1000.00,800.00,SUCCESSFUL,Payout to supplier,GTBank 0123456789 Ada Obi,`,
    );
    expect(rest).toEqual([]);
  });

  it('streams more than one chunk of CSV by keyset on the entry id', async () => {
    const c = await ledgerWallet(t.db, { business: { name: 'Wallet Log Busy' } });
    const legs = Array.from({ length: 1_050 }, () => ({
      debit: company.floatWema,
      credit: c.account.id,
      amount: 100,
      kind: 'pos_credit' as const,
      reference: nextReference('POS'),
    }));
    await inTransaction((trx) => post(trx, legs));
    const csv = await viewer.request('POST', LIST, { query: { download: 'csv' }, body: { businessId: c.business.id } });
    const lines = csv.text.trim().split('\n');
    expect(lines).toHaveLength(1_051);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[1])).size).toBe(1_050);
    const page = await listed({ businessId: c.business.id });
    expect(page).toMatchObject({ total: 1_050, hasMore: true });
    expect(page.items).toHaveLength(100);
  });
});

describe('one transaction by reference', () => {
  it('shows every posting with both accounts named, who caused it, and the balance before and after', async () => {
    const answer = await viewer.request('GET', BY_REFERENCE(alpha.payout));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      reference: alpha.payout,
      kind: 'transfer_out',
      amount: 20_000,
      fee: 2_500,
      status: 'SUCCESSFUL',
      counterparty: 'GTBank 0123456789 Ada Obi',
      causedBy: { adminId: viewer.id, adminEmail: viewer.email, commandId: 'test.payout', requestId: 'req-payout' },
      reversal: null,
      reverses: null,
      wallets: [{ walletUid: alpha.uid, businessId: alpha.businessId, businessName: 'Wallet Log Alpha', balanceBefore: 100_000, balanceAfter: 77_500 }],
    });
    expect(answer.body.postings).toEqual([
      expect.objectContaining({ reference: alpha.payout, amount: 20_000, debitAccount: 'Wallet of Wallet Log Alpha', creditAccount: 'VFD float' }),
      expect.objectContaining({ reference: alpha.fee, kind: 'fee', amount: 2_500, debitAccount: 'Wallet of Wallet Log Alpha', creditAccount: 'Fee income' }),
    ]);
    // A leg's reference shows the transaction it belongs to.
    expect((await viewer.request('GET', BY_REFERENCE(alpha.fee))).body.reference).toBe(alpha.payout);
  });

  it('links a reversed transaction and its reversal both ways', async () => {
    const original = await viewer.request('GET', BY_REFERENCE(beta.credit));
    expect(original.body).toMatchObject({ status: 'REVERSED', reversal: { reference: beta.reversal, narration: 'Credited twice' } });
    expect(original.body.reversal.adminName).toMatch(/^Test /);
    const reversal = await viewer.request('GET', BY_REFERENCE(beta.reversal));
    expect(reversal.body).toMatchObject({
      kind: 'reversal',
      reverses: { reference: beta.credit },
      wallets: [expect.objectContaining({ balanceBefore: 57_000, balanceAfter: 50_000 })],
    });
  });

  it('answers 404 for a reference nobody posted, and for a business that does not exist', async () => {
    const missing = await viewer.request('GET', BY_REFERENCE('NO-SUCH-REF'));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No transaction has the reference NO-SUCH-REF');
    const nobody = await viewer.request('GET', BY_BUSINESS(999_999));
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toBe('Business 999999 does not exist');
    expect((await viewer.request('GET', BY_BUSINESS(999_999), { query: { download: 'csv' } })).status).toBe(404);
  });

  it('answers 400 naming reference for text no reference holds', async () => {
    const odd = await viewer.request('GET', BY_REFERENCE('50% off'));
    expect(odd.status).toBe(400);
    expect(odd.body.details.fields[0].field).toBe('reference');
  });
});

describe('refusals', () => {
  it.each([
    ['an impossible date', { startdatetime: '2026-02-31' }, 'startdatetime'],
    ['an end before the start', { startdatetime: '2026-11-21T10:00:00.000', enddatetime: '2026-11-21T09:59:59.999' }, 'enddatetime'],
    ['a minimum above the maximum', { minAmount: 5_000, maxAmount: 4_999 }, 'maxAmount'],
    ['a zero amount', { minAmount: 0 }, 'minAmount'],
    ['fractional kobo', { maxAmount: 10.5 }, 'maxAmount'],
    ['an unknown kind', { kind: 'airtime' }, 'kind'],
    ['an unknown status', { status: 'PENDING' }, 'status'],
  ])('answers 400 naming the field for %s', async (_name, body, field) => {
    const answer = await viewer.request('POST', LIST, { body });
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('answers 400 for bad filters on the GET lists too', async () => {
    const bad = await viewer.request('GET', BY_BUSINESS(alpha.businessId), { query: { minAmount: '300', maxAmount: '200' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('maxAmount');
  });

  it('answers 403 without wallets.view', async () => {
    const outsider = await t.actor({ role: 'staff', permissions: ['fraud.view'] });
    expect((await outsider.request('POST', LIST, { body: {} })).status).toBe(403);
    expect((await outsider.request('GET', ALL)).status).toBe(403);
    expect((await outsider.request('GET', BY_BUSINESS(alpha.businessId))).status).toBe(403);
    expect((await outsider.request('GET', BY_REFERENCE(alpha.payout))).status).toBe(403);
    expect((await outsider.request('GET', '/api/wallets')).status).toBe(403);
  });
});

describe('wallets with balances', () => {
  it('lists each wallet with its balance in kobo; a wallet that never moved money holds 0', async () => {
    const listedAlpha = await viewer.request('GET', '/api/wallets', { query: { businessId: String(alpha.businessId) } });
    expect(listedAlpha.body.items).toEqual([expect.objectContaining({ uid: alpha.uid, balance: 78_000, status: 'ACTIVE' })]);
    const quiet = await insertBusiness(t.db, { name: 'Quiet Wallet Ventures' });
    const wallet = await insertWallet(t.db, quiet.id);
    const listedQuiet = await viewer.request('GET', '/api/wallets', { query: { uid: wallet.uid } });
    expect(listedQuiet.body.items).toEqual([expect.objectContaining({ uid: wallet.uid, balance: 0 })]);
    const csv = await viewer.request('GET', '/api/wallets', { query: { businessId: String(alpha.businessId), download: 'csv' } });
    expect(csv.text).toContain('780.00');
  });

  it('leaves the ledger sound', async () => {
    expect((await checkLedger(t.db)).ok).toBe(true);
    expect((await viewer.request('GET', '/api/EWTraction/ledger/check')).status).toBe(403);
  });
});

/**
 * The page and count queries as the framework runs them, with sequential scans priced out: the
 * planner then takes an index wherever one serves, as it does at 1,000,000 entries (EXPLAIN on
 * PostgreSQL there: a page with its count under 25 ms by business, date range, reference or
 * status; about 50-90 ms unfiltered or by kind or amount, nearly all of it the count).
 */
async function plans(input: Record<string, unknown>): Promise<{ page: string; count: string }> {
  const ctx = { db: t.db, now: t.clock.now() } as unknown as HandlerContext;
  const { page, count } = listWalletTransactionsHandler.list!({ input, ctx })((source) => ({
    page: pageQuery(source, 1, 100).compile(),
    count: countQuery(source).compile(),
  }));
  return t.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const explain = async (query: CompiledQuery) =>
      ((await trx.executeQuery(CompiledQuery.raw(`explain (costs off) ${query.sql}`, [...query.parameters]))).rows as { 'QUERY PLAN': string }[])
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    return { page: await explain(page), count: await explain(count) };
  });
}

describe('list plans', () => {
  it.each([
    ['newest first', {}, /ledger_wallet_entries_created/],
    ['a date range', { startdatetime: '2026-11-01', enddatetime: '2026-11-30' }, /ledger_wallet_entries_created/],
    ['one business', { businessId: 1 }, /ledger_wallet_entries_business_created/],
    ['one business over a date range', { businessId: 1, startdatetime: '2026-11-01' }, /ledger_wallet_entries_business_created/],
    ['a reference', { reference: 'POS-1' }, /ledger_wallet_entries_reference/],
    ['reversed transactions', { status: 'REVERSED' }, /ledger_transfers_reverses_transfer_id_key/],
  ])('%s: the page reads its index', async (_what, input, index) => {
    expect((await plans(input)).page).toMatch(index);
  });

  it('counts entries alone when no filter names the joined tables', async () => {
    const { count } = await plans({ kind: 'fee' });
    expect(count).not.toMatch(/ledger_transfers|businesses|ledger_accounts/);
  });
});
