import { describe, expect, it } from 'vitest';
import { canOpen } from './canOpen';
import { GROUPS, ROUTES, fillPath, toRouterPath } from './routes';

/** Every path spec §2 writes, copied from the spec by hand so a route dropped from the table is noticed. */
const SPEC_PATHS = [
  '/overview',
  '/quick-access',
  '/settlement-accounts',
  '/bank-accounts',
  '/dataset',
  '/business-logs',
  '/wema-bank-account-query',
  '/vfd-transaction-query',
  '/payments-logs',
  '/business-payment-logs',
  '/transaction-monitoring-portal',
  '/transaction-monitoring-portal/{id}',
  '/transaction-monitoring-portal-2',
  '/view-transaction-monitoring-by-route/{id}',
  '/view-transaction-monitoring-by-bank/{id}',
  '/view-transaction-monitoring-by-failed-routes',
  '/auto-deduction',
  '/auto-deduction-settings/{_id?}',
  '/wallet-transaction-logs',
  '/wallet-transaction-logs/{id}',
  '/funds-reversal',
  '/funds-reversal/{id}',
  '/wallet-management-portal',
  '/all-wallets-transactions-logs',
  '/transaction-reversal',
  '/new-wallet-crediting-portal/{id}/{email}',
  '/wallet-crediting-portal-select-business',
  '/wallet',
  '/wallet/transfer-fee',
  '/wallet/cashback',
  '/rules-manager',
  '/terminal-pricings',
  '/terminal-delivery-portal',
  '/pricing-bands',
  '/pricing-bands-assign',
  '/pricing-bands-assign-business/{id}/{merchant}',
  '/sendinblue-email-synch',
  '/bulk-sweep-history',
  '/bulk-sweep-new-transfer',
  '/sweep-request/{id}/{bank}/{acctno}/{acctname}',
  '/fraud',
  '/fixed-account-blacklisted',
  '/pnd-accounts',
  '/providus-repush',
  '/providus-rename',
  '/fixed-accounts',
  '/inactive-accounts',
  '/all-verification',
  '/all-verification/{id}',
  '/document-verification',
  '/document-verification/{id}',
  '/document-verification/reject/{id}',
  '/address-verification',
  '/address-verification/{id}',
  '/corporate-verification',
  '/corporate-verification/{id}',
  '/accounts-for-trusting',
  '/kyc-override-portal',
  '/kyc-corporate-upload/{id?}',
  '/terminals',
  '/terminals/{id}',
  '/terminal/new',
  '/terminal-deployment-mso',
  '/terminal-deployment-sales-agent',
  '/terminal-deployments',
  '/terminal-override-code',
  '/new-terminal-override-code',
  '/request-terminals',
  '/settlements',
  '/settlements/{id}',
  '/new-staff-referral-code',
  '/password-reset',
  '/notifications',
  '/notifications/create',
  '/notifications/preview/{id}',
  '/broadcast-portal',
  '/broadcast-portal/{id}',
  '/waitlist',
  '/downloads',
  '/funds-transfer',
  '/funds-transfer/{id}',
  '/upload-portal',
  '/all-bulk-upload',
  '/bulk-status/{id}',
  '/view-merchant-visitation-log/{id}',
  '/merchant-visitation',
  '/new-merchant-visit',
  '/admin',
  '/new-admin',
  '/permissions',
  '/permissions-department',
  '/permissions-users',
  '/permissions-user-by-id/{id}/{name}',
  '/permissions-department-by-id/{id}/{name}',
  '/request-authorization',
  '/loans',
  '/loans/{id}',
  '/loans/new-loan',
  '/reporting-page',
  '/reporting-page/view',
  '/retry-portal',
  '/schedules-management',
  '/website-forms',
  '/website-forms/{id}',
  '/no-permission',
  '/error',
  '/login',
  '/reset-password',
  '/traction-chargeback-form',
  '/traction-staff-verification-portal',
  '/traction-support-form',
];

/** Pages spec §2 names by label only, with their group; each needs a route (its path is the label in kebab case). */
const SPEC_LABEL_ONLY: [group: string, label: string][] = [
  ['Settings', 'Cashback Activation Portal'],
  ['Settings', 'Funds Transfer Provider Portal'],
  ['Settings', 'Middleware Switching Portal'],
  ['Terminals', 'Unmap Terminals'],
  ['Terminals', 'Terminal History'],
  ['Terminals', 'Terminal Uploads'],
  ['Terminals', 'Deployment DSR'],
  ['Terminal Request Forms', 'Key Accounts'],
  ['Terminal Request Forms', 'Telesales'],
  ['Terminal Request Forms', 'Cross Selling'],
  ['Terminal Requests', 'All'],
  ['Terminal Requests', 'Key Accounts'],
  ['Terminal Requests', 'Telesales'],
  ['Terminal Requests', 'ISA'],
  ['Terminal Requests', 'Web/Mobile'],
  ['Terminal Requests', 'Loan'],
  ['Terminal Requests', 'DSR'],
  ['Terminal Requests', 'Cross Selling'],
  ['Terminal Requests', 'OmniPay'],
  ['Operations', 'POS Terminal Receipt'],
  ['Operations', 'Staff Referral Code'],
  ['Merchant Support App MGT', 'Visitation Form Response'],
  ['Merchant Support App MGT', 'Support Deployment'],
  ['Merchant Support App MGT', 'Retrieval Response'],
  ['Merchant Support App MGT', 'Form Responses'],
  ['Merchant Support App MGT', 'SIM MGT'],
  ['Merchant Support App MGT', 'Terminal Mastersheet'],
  ['Merchant Support App MGT', 'Terminal Location Sheet'],
  ['Merchant Support App MGT', 'Terminal Weekly Visitation Sheet'],
  ['Merchant Support App MGT', 'Merchant Visitation Log'],
  ['CSR MGT', 'Account List'],
  ['CSR MGT', 'Onboarded Merchant'],
  ['CSR MGT', 'Terminal Deployment'],
];

describe('the route table', () => {
  it('has every path of spec §2', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    expect(SPEC_PATHS.filter((p) => !paths.has(p))).toEqual([]);
  });

  it('has a route for every page spec §2 names without a path, in its group', () => {
    const missing = SPEC_LABEL_ONLY.filter(([group, label]) => !ROUTES.some((r) => r.group === group && r.label.toLowerCase() === label.toLowerCase()));
    expect(missing).toEqual([]);
  });

  it('has no path twice, and only groups of the sidebar, in spec order', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(paths.length).toBe(new Set(paths).size);
    const groups = [...new Set(ROUTES.map((r) => r.group).filter((g) => g !== null))];
    expect(groups).toEqual(GROUPS.filter((g) => groups.includes(g)));
    expect(GROUPS.filter((g) => !groups.includes(g))).toEqual([]);
  });

  it('keeps login, password reset and the public forms outside the guard', () => {
    expect(
      ROUTES.filter((r) => r.public)
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      ['/login', '/reset-password', '/traction-chargeback-form', '/traction-staff-verification-portal', '/traction-support-form', '/unsubscribe'].sort(),
    );
  });

  it('gives each g chord to one page that exists', () => {
    const chords = ROUTES.filter((r) => r.chord);
    expect(chords.length).toBe(new Set(chords.map((r) => r.chord)).size);
    expect(chords.filter((r) => !r.page).map((r) => r.path)).toEqual([]);
  });

  it('converts spec paths to router paths and fills them', () => {
    expect(toRouterPath('/auto-deduction-settings/{_id?}')).toBe('/auto-deduction-settings/:_id?');
    expect(toRouterPath('/permissions-user-by-id/{id}/{name}')).toBe('/permissions-user-by-id/:id/:name');
    expect(fillPath('/permissions-user-by-id/{id}/{name}', { id: 7, name: 'Ada Obi' })).toBe('/permissions-user-by-id/7/Ada%20Obi');
  });

  it('opens a route only with its permission', () => {
    const admins = ROUTES.find((r) => r.path === '/admin')!;
    expect(canOpen(admins, new Set())).toBe(false);
    expect(canOpen(admins, new Set(['admins.view']))).toBe(true);
  });
});

describe('finding the route of a path', () => {
  it('matches concrete paths to their templates, optional parameters included', async () => {
    const { routeOf } = await import('./routes');
    const { canOpenPath } = await import('./canOpenPath');
    expect(routeOf('/permissions-user-by-id/7/Ada%20Obi')?.path).toBe('/permissions-user-by-id/{id}/{name}');
    expect(routeOf('/auto-deduction-settings')?.path).toBe('/auto-deduction-settings/{_id?}');
    expect(routeOf('/auto-deduction-settings/12')?.path).toBe('/auto-deduction-settings/{_id?}');
    expect(routeOf('/admin')?.path).toBe('/admin');
    expect(routeOf('/admin/extra')).toBeUndefined();
    expect(canOpenPath('/permissions-user-by-id/{id}/{firstName}', new Set(['admins.view']))).toBe(false);
    expect(canOpenPath('/permissions-user-by-id/{id}/{firstName}', new Set(['permissions.view']))).toBe(true);
  });
});

describe('the page loaders', () => {
  it('load every page a route names, and no page that no route names', async () => {
    const { pageLoaders } = await import('./app/pageLoaders');
    const named = new Set(ROUTES.flatMap((r) => (r.page ? [r.page] : [])));
    expect(Object.keys(pageLoaders).filter((name) => !named.has(name as keyof typeof pageLoaders))).toEqual([]);
  });
});
