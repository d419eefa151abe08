/**
 * One change of each domain for the contract test (api-contract.test.ts): its body starts as the
 * document's own example request, and takes from the demo data (through the lists the test read
 * first) only what an example cannot know, such as which business exists.
 */
type Json = Record<string, unknown>;

export interface DemoData {
  /** The first value of a field of that name in any list's first page. */
  seen(name: string): unknown;
  /** The rows of a group's lists' first pages. */
  rows(group: string): Json[];
}

export interface Mutation {
  /** Command id. */
  id: string;
  /** Path parameters and body fields over the document's example. */
  input(demo: DemoData): { path?: Json; body?: Json };
}

const business = (demo: DemoData, index = 0) => demo.rows('merchants')[index]?.id;
/** A wallet transaction of a wallet holding more than ₦100,000 after it: a business that can pay. */
const funded = (demo: DemoData) => demo.rows('wallet-transactions').find((row) => Number(row.balanceAfter) > 10_000_000);
const stamp = Date.now().toString(36);
// Two days on in UTC: a day's start in Lagos (UTC+1) is still ahead whenever the test runs.
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

export const MUTATIONS: Mutation[] = [
  { id: 'admins.create', input: () => ({ body: { email: `contract-${stamp}@traction.ng`, firstName: 'Contract', lastName: 'Test' } }) },
  { id: 'fraud.update', input: (demo) => ({ path: { id: business(demo, 1) }, body: { is_fraud: true, reason: 'Chargebacks from one card' } }) },
  { id: 'views.save', input: () => ({ body: { name: `Contract ${stamp}`, listId: 'admins.list', page: '/admin', filters: {} } }) },
  { id: 'exports.create', input: () => ({ body: { list: 'admins.list', filters: {} } }) },
  { id: 'schedules.create', input: (demo) => ({ body: { name: `Contract ${stamp}`, recipients: [String(demo.seen('email') ?? 'ops@traction.ng')] } }) },
  { id: 'notifications.create', input: () => ({}) },
  {
    id: 'broadcasts.create',
    input: () => ({ body: { name: `Contract ${stamp}`, emailSubject: 'Settlement times', emailBody: 'Settlements now run at 10:00.' } }),
  },
  { id: 'pricing-bands.create', input: () => ({ body: { name: `Contract band ${stamp}` } }) },
  { id: 'fraud-rules.create', input: () => ({ body: { name: `Contract ${stamp}`, thresholdKobo: 500_000_00, reason: 'Large one-off transfers' } }) },
  { id: 'transfer-providers.route', input: () => ({ body: { provider: 'vfd', bankCode: '058', reason: 'Providus slow to GTBank' } }) },
  { id: 'wallet-settings.update', input: () => ({ body: { tier: 1, singleDebitLimit: 100_00, reason: 'Tighter limits for new wallets' } }) },
  { id: 'terminals.add', input: () => ({ body: { terminal_id: `C${stamp.slice(-7).toUpperCase().padStart(7, '0')}` } }) },
  { id: 'terminal-locations.add', input: () => ({ body: { name: `Contract ${stamp}` } }) },
  {
    id: 'airtime.update',
    input: (demo) => ({ body: { id: demo.rows('airtime')[0]?.id, companyDiscountBps: 150, merchantCommissionBps: 100, reason: 'New MTN terms' } }),
  },
  { id: 'loans.add', input: (demo) => ({ body: { businessId: business(demo, 2) } }) },
  { id: 'sweeps.new', input: () => ({}) },
  { id: 'kyc.override', input: (demo) => ({ body: { businessId: business(demo, 4) } }) },
  { id: 'deductions.toggle', input: (demo) => ({ path: { status: 'PAUSED' }, body: { ids: [demo.rows('deductions')[0]?.id] } }) },
  { id: 'approval-policies.update', input: () => ({ path: { command: 'wallets.credit' } }) },
  { id: 'visits.schedule', input: (demo) => ({ body: { businessId: business(demo, 5), agentId: demo.seen('agentId'), scheduledFor: tomorrow } }) },
  {
    id: 'staff-codes.status',
    input: (demo) => ({ path: { id: demo.rows('staff-codes')[0]?.id }, body: { status: 'DEACTIVATED', reason: 'Left the company' } }),
  },
  { id: 'website-forms.assign', input: (demo) => ({ path: { id: demo.rows('website-forms')[0]?.id } }) },
  { id: 'email-sync.run', input: () => ({}) },
  // Money, with the Idempotency-Key the document requires.
  {
    id: 'transfers.create',
    input: (demo) => ({ body: { business: String(funded(demo)?.businessId), amount: 250_000, narration: 'Contract test payout' } }),
  },
  {
    id: 'wallets.reverse',
    // A POS credit taken back (a chargeback), from a wallet that holds far more than it.
    input: (demo) => ({
      body: { TransactionReference: demo.rows('wallet-transactions').find((row) => row.kind === 'pos_credit' && row.status === 'SUCCESSFUL')?.reference },
    }),
  },
];
