import { registry, type AnyCommand } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { CsvCopier } from '../db/csv-copy';
import { seedApprovals } from '../demo/seed-approvals';
import { seedBulkTransfers } from '../demo/seed-bulk-transfers';
import { seedDemo } from '../demo/seed-demo';
import { seedLedger } from '../demo/seed-ledger';
import { seedMerchants } from '../demo/seed-merchants';
import { seedPayments } from '../demo/seed-payments';
import { seedBroadcasts } from '../demo/seed-broadcasts';
import { seedWebsiteForms } from '../demo/seed-website-forms';
import { seedCommerce } from '../demo/seed-commerce';
import { seedMarketing } from '../demo/seed-marketing';
import { seedNotifications } from '../demo/seed-notifications';
import { seedSavingsWaitlist } from '../demo/seed-savings-waitlist';
import { seedSettlements } from '../demo/seed-settlements';
import { seedSweeps } from '../demo/seed-sweeps';
import { seedTerminalRequests } from '../demo/seed-terminal-requests';
import { seedTerminals } from '../demo/seed-terminals';
import { seedTransfers } from '../demo/seed-transfers';
import { createTestApp, TEST_SCRYPT_LOG_N, type Actor, type TestApp } from '../test/harness';
import { buildRequest, validInput } from '../test/invalid-inputs';
import { insertLoansFor } from '../test/loan-kit';
import { deductionRunOver } from '../test/deduction-kit';

/**
 * Every list's CSV, written by PostgreSQL (COPY, for lists that give their columns as SQL) and
 * by JavaScript (every row through `map`), must be the same bytes: the fast path is only a
 * faster way to the one file the contract defines. Run over the demo data, with text chosen to
 * trip quoting and formula neutralisation, in both styles (spreadsheet and plain).
 */

/**
 * Lists still written in JavaScript, row by row through `map`. The big tables (payment logs,
 * wallet transactions, transfers, merchants, wallets, settlements) are copied; these are small
 * (settings and their history, admins, queues of a few hundred) or compose their text in
 * JavaScript from the contract (the audit log's sentences).
 */
const WRITTEN_IN_JAVASCRIPT = new Set<string>([
  'admins.list',
  'devices.requests.list',
  'audit.list',
  'business-users.list',
  'settlement-accounts.list',
  'bank-accounts.list',
  'business-logs.list',
  'support-issues.list',
  'kyc.blacklist.list',
  'fixed-accounts.list',
  'fixed-accounts.download',
  'fixed-accounts.inactive.list',
  'cashback.rules.list',
  'cashback.activations.list',
  'approvals.list',
  'wallet-credit.requests',
  'reversals.list',
  'bulk-transfers.list',
  'bulk-transfers.rows',
  'transfer-providers.history',
  'switching-middleware.history',
  'fraud-rules.list',
  'fraud-rules.history',
  'fraud-rules.blocked.list',
  'jobs.list',
  'sweeps.history',
  'sweeps.sources',
  'settlements.groups',
  'pricing-bands.list',
  'pricing-bands.merchants',
  'client-errors.list',
  'terminals.history',
  'terminal-prices.list',
  'terminal-prices.history',
  'terminal-override-codes.list',
  'terminal-locations.all',
  'terminal-locations.available',
  'terminals.uploads',
  'terminal-delivery-states.list',
  // An admin's own export files and the schedules: tens of rows, with filters and titles described in JavaScript.
  'exports.list',
  'schedules.list',
  // Bounded by the fleet (one deployment per terminal deployed), and their GPS column is composed in JavaScript.
  'terminal-deployment-codes.list',
  'terminal-deployment-responses.list',
  'terminal-deployments.list',
  // A run a day or so: a short list.
  'deductions.runs',
  // A few a week, each with its audience in words composed from the contract.
  'notifications.list',
  // A sync a day or so, its counts composed from the run's results.
  'email-sync.runs',
  // A few a month, each with its audience in words and its counts per channel.
  'broadcasts.list',
  // Issue 19: a few dozen staff codes; the airtime rates (one per network and product) and their history.
  'staff-codes.list',
  'airtime.list',
  'airtime.history',
  // Issue 20: a few thousand visits, a few dozen agents; the CSR lists are totals per person and period, a few hundred rows.
  'visits.list',
  'visits.logged',
  'agents.list',
  'csr.accounts',
  'csr.onboarded',
  'csr.deployments',
  // Issue 20: a sheet's rows keep their cells as written (jsonb) and say them in words composed from the contract's columns; a few versions a month.
  'sheets.rows',
  'sheets.versions',
  'sheets.logged',
  // Issue 20: a few hundred field forms a month; their key answers are read from the answers in JavaScript.
  'field-forms.list',
  'field-forms.deployment-support',
  'field-forms.visitation',
  'field-forms.retrieval',
  'field-forms.sim',
]);

const TRICKY = ['=HYPERLINK("http://evil.example","x")', 'Ada, "Lagos"\nBranch', '+2348031234567', '-1+1', '@SUM(A1)', '\tTabbed', 'Ọlá Ẹ̀bùn', ''];

let t: TestApp;
let boss: Actor;
let copied = 0;
let copying: ReturnType<typeof createApp>;
let mapping: ReturnType<typeof createApp>;
const ids: Record<string, number> = {};
/** Inputs a list needs to have rows (a sales agent's merchants). */
const inputs: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  t = await createTestApp();
  boss = await t.actor({ role: 'super_admin' });
  await seedDemo(t.db, { scryptLogN: TEST_SCRYPT_LOG_N });
  await seedMerchants(t.db, { count: 120, files: t.files });
  await seedLedger(t.db);
  await seedApprovals(t.db);
  await seedPayments(t.db, { count: 1_500, days: 10 });
  await seedSettlements(t.db);
  await seedTransfers(t.deps);
  await seedBulkTransfers(t.deps);
  await seedSweeps(t.deps);
  await seedTerminals(t.db, { count: 400 });
  await seedTerminalRequests(t.db, { count: 120 });
  await seedSavingsWaitlist(t.db, { count: 300 });
  await seedNotifications(t.deps);
  await seedMarketing(t.db);
  await seedBroadcasts(t.deps);
  await seedWebsiteForms(t.deps);
  await seedCommerce(t.db, { now: t.clock.now(), sales: 2_000 });
  // Text that must be quoted or neutralised, in the columns people type.
  const businesses = await t.db.selectFrom('businesses').select('id').orderBy('id').limit(TRICKY.length).execute();
  for (const [i, { id }] of businesses.entries()) {
    await t.db.updateTable('businesses').set({ name: TRICKY[i]! }).where('id', '=', id).execute();
  }
  const payments = await t.db.selectFrom('payment_logs').select('id').orderBy('id').limit(TRICKY.length).execute();
  for (const [i, { id }] of payments.entries()) {
    await t.db.updateTable('payment_logs').set({ payer_name: TRICKY[i]! }).where('id', '=', id).execute();
  }
  // The wait-list's names are typed by the public (never empty: a check of 0036).
  const waiting = await t.db.selectFrom('savings_waitlist').select('id').orderBy('id').limit(TRICKY.length).execute();
  for (const [i, { id }] of waiting.entries()) {
    if (TRICKY[i]) await t.db.updateTable('savings_waitlist').set({ name: TRICKY[i] }).where('id', '=', id).execute();
  }
  // Loans requested and disbursed (some instalments late), on merchants with the tricky names.
  const borrowers = await t.db
    .selectFrom('businesses as b')
    .innerJoin('wallets as w', 'w.business_id', 'b.id')
    .select(['b.id', 'w.uid as walletUid'])
    .where('b.is_fraud', '=', false)
    .where('w.status', '=', 'ACTIVE')
    .orderBy('b.id')
    .limit(12)
    .execute();
  // A disbursement is a credit capped by the KYC tier's balance limit, which demo wallets already exceed.
  await t.db
    .updateTable('businesses')
    .set({ kyc_exempt: true })
    .where(
      'id',
      'in',
      borrowers.map((borrower) => borrower.id),
    )
    .execute();
  const loans = await insertLoansFor(t.db, borrowers, t.clock.now());
  // The disbursed ones under automatic deduction (a deduction file), and a run that collected them.
  ids.run = await deductionRunOver(t, boss, loans);
  const counting: CsvCopier = {
    windowed: t.deps.copier!.windowed,
    copy: (query) => {
      copied += 1;
      return t.deps.copier!.copy(query);
    },
  };
  copying = createApp({ ...t.deps, copier: counting });
  mapping = createApp({ ...t.deps, copier: undefined });
  const first = async (table: 'businesses' | 'settlement_groups' | 'settlement_cumulations' | 'bulk_transfer_uploads') =>
    Number((await t.db.selectFrom(table).select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id);
  ids.business = await first('businesses');
  ids.group = await first('settlement_groups');
  ids.cumulation = await first('settlement_cumulations');
  ids.batch = await first('bulk_transfer_uploads');
  ids.price = Number((await t.db.selectFrom('terminal_prices').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id);
  ids.notification = Number(
    (await t.db.selectFrom('notifications').select('id').where('status', '=', 'PUBLISHED').orderBy('id').limit(1).executeTakeFirstOrThrow()).id,
  );
  ids.emailSync = Number((await t.db.selectFrom('marketing_sync_runs').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id);
  ids.broadcast = Number(
    (await t.db.selectFrom('broadcast_deliveries').select('broadcast_id').orderBy('broadcast_id').limit(1).executeTakeFirstOrThrow()).broadcast_id,
  );
  ids.terminal = Number((await t.db.selectFrom('terminals').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id);
  const mapped = await t.db.selectFrom('terminals').select('business_id').where('business_id', 'is not', null).limit(1).executeTakeFirstOrThrow();
  inputs['terminals.of-merchant'] = { businessId: mapped.business_id };
  const agent = await t.db.selectFrom('businesses').select('sales_agent_email').where('sales_agent_email', 'is not', null).limit(1).executeTakeFirstOrThrow();
  inputs['sales-agent.businesses'] = { email: agent.sales_agent_email };
}, 240_000);
afterAll(() => t.close());

/** The record a list of one record's rows is read for. */
const PATH_IDS: Record<string, keyof typeof ids> = {
  'deductions.items': 'run',
  'payments.by-business': 'business',
  'wallet-transactions.by-business': 'business',
  'settlements.cumulations': 'group',
  'settlements.transactions': 'cumulation',
  'bulk-transfers.rows': 'batch',
  'terminals.history': 'terminal',
  'terminal-prices.history': 'price',
  'notifications.recipients': 'notification',
  'email-sync.results': 'emailSync',
  'broadcasts.deliveries': 'broadcast',
};

async function csvOf(app: ReturnType<typeof createApp>, command: AnyCommand, prefer?: string): Promise<{ status: number; text: string }> {
  const input: Record<string, unknown> = { ...validInput(command), ...inputs[command.id], download: 'csv' };
  // A path parameter that is not a record's id (a sheet's source) keeps its valid value.
  for (const name of command.pathParams) if (PATH_IDS[command.id]) input[name] = ids[PATH_IDS[command.id]!];
  const { path, query, body } = buildRequest(command, input);
  const url = query ? `${path}?${new URLSearchParams(query)}` : path;
  const response = await app.request(url, {
    method: command.method,
    headers: {
      authorization: `Bearer ${boss.token}`,
      'device-id': boss.deviceId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(prefer ? { prefer } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, text: await response.text() };
}

const exported = registry.filter((command) => command.list?.csv);

describe.each(exported.map((command) => [command.id, command] as const))('%s CSV', (id, command) => {
  it.each([
    ['for spreadsheets', undefined],
    ['for programs', 'csv-plain'],
  ] as const)('is the same bytes from COPY as from JavaScript, %s', async (_style, prefer) => {
    const before = copied;
    const fast = await csvOf(copying, command, prefer);
    const usedCopy = copied > before;
    const slow = await csvOf(mapping, command, prefer);
    expect(slow.status, slow.text.slice(0, 300)).toBe(200);
    expect(fast.status, fast.text.slice(0, 300)).toBe(200);
    expect(usedCopy, `${id} ${usedCopy ? 'is copied but listed as written in JavaScript' : 'gives no SQL for its columns'}`).toBe(
      !WRITTEN_IN_JAVASCRIPT.has(id),
    );
    if (usedCopy) expect(slow.text.split('\n').length, `${id} exported no rows to compare`).toBeGreaterThan(2);
    expect(fast.text).toBe(slow.text);
  });
});

describe('the text chosen to trip the CSV', () => {
  it('reaches the copied files quoted and neutralised', async () => {
    const merchants = await csvOf(copying, registry.find((command) => command.id === 'merchants.list')!);
    expect(merchants.text).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(merchants.text).toContain('"Ada, ""Lagos""\nBranch"');
    expect(merchants.text).toContain(",'+2348031234567,");
    const plain = await csvOf(copying, registry.find((command) => command.id === 'payments.list')!, 'csv-plain');
    expect(plain.text).toContain(',+2348031234567,');
    expect(plain.text).toContain(',Ọlá Ẹ̀bùn,');
    const waiting = await csvOf(copying, registry.find((command) => command.id === 'savings.waitlist')!);
    expect(waiting.text).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(waiting.text).toContain('"Ada, ""Lagos""\nBranch"');
  });
});
