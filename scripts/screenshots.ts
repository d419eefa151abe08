/**
 * Screenshots of every console page that has landed, at phone and desktop width, light and dark,
 * for people to look at: `npx tsx scripts/screenshots.ts [outDir]` (default .screenshots/).
 * Runs the real server with demo data on an in-memory database and the built console
 * (`npm run build:web` first).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from '../e2e/console-server';
import { signIn } from '../e2e/session';

const outDir = path.resolve(process.argv[2] ?? '.screenshots');
mkdirSync(outDir, { recursive: true });

const PAGES = [
  '/quick-access',
  '/overview',
  '/admin',
  '/new-admin',
  '/permissions',
  '/permissions-users',
  '/permissions-user-by-id/2/Demo',
  '/permissions-department-by-id/1/Operations',
  '/audit-log',
  '/saved-views',
  '/request-authorization',
  '/password-reset',
  '/merchants',
  '/merchants/1',
  '/settlement-accounts',
  '/bank-accounts',
  '/business-logs',
  '/all-verification',
  '/document-verification?status=PENDING',
  '/document-verification/3',
  '/kyc-override-portal',
  '/fraud',
  '/fixed-accounts',
  '/fixed-account-blacklisted',
  '/pnd-accounts',
  '/inactive-accounts',
  '/providus-repush',
  '/wema-bank-account-query',
  '/wallet-transaction-logs',
  '/all-wallets-transactions-logs',
  '/wallet-management-portal',
  '/transaction-reversal',
  '/funds-reversal',
  '/wallet-crediting-portal-select-business',
  '/approvals',
  '/approval-policies',
  '/wallet',
  '/wallet/transfer-fee',
  '/wallet/cashback',
  '/cashback-activation-portal',
  '/funds-transfer',
  '/funds-transfer?status=HELD',
  '/funds-transfer/1',
  '/retry-portal',
  '/upload-portal',
  '/all-bulk-upload',
  '/bulk-sweep-history',
  '/bulk-sweep-new-transfer',
  '/payments-logs',
  '/payments-logs?status=FAILED&route=upsl',
  '/payments-logs/1',
  '/business-payment-logs',
  '/pos-terminal-receipt',
  '/settlements',
  '/pricing-bands',
  '/terminals',
  '/terminals/1',
  '/terminal/new',
  '/pricing-bands-assign',
  '/transaction-monitoring-portal?startDate=30d',
  '/transaction-monitoring-portal/upsl?startDate=30d',
  '/transaction-monitoring-portal-2',
  '/view-transaction-monitoring-by-failed-routes?startDate=30d',
  '/settlements/3',
  '/terminal-pricings',
  '/unmap-terminals',
  '/terminal-uploads',
  '/terminal-upload/new',
  '/terminal-history?terminal=1',
  '/terminal-requests/all',
  '/terminal-requests/telesales?status=REQUESTED',
  '/terminal-request/1',
  '/terminal-request-form/telesales',
  '/terminal-locations',
  '/terminal-override-code',
  '/loans',
  '/loans/tracker',
  '/loans/new-loan?businessId=1',
  '/loans/1',
  '/auto-deduction',
  '/auto-deduction/1',
  '/auto-deduction-settings',
  '/auto-deduction-settings/1',
  '/auto-deduction-upload',
  '/notifications',
  '/notifications/create',
  '/notifications/preview/1',
  '/notifications/preview/5',
  '/broadcast-portal',
  '/broadcast-portal/1',
  '/sendinblue-email-synch',
  '/sendinblue-email-synch/1',
  '/website-forms',
  '/website-forms/1',
  '/staff-referral-code',
  '/new-staff-referral-code',
  '/airtime-configuration',
  '/traction-chargeback-form',
  '/traction-support-form',
  '/traction-staff-verification-portal',
  '/visitation-form-response',
  '/retrieval-response',
  '/form-responses/1',
  '/terminal-mastersheet',
  '/terminal-mastersheet?view=compare',
  '/terminal-weekly-visitation-sheet',
  '/merchant-visitation',
  '/new-merchant-visit',
  '/merchant-visitation-log',
  '/view-merchant-visitation-log/1',
  '/csr-account-list',
  '/csr-onboarded-merchant',
  '/csr-terminal-deployment',
  '/dataset?set=sales',
  '/dataset?set=users',
  '/reporting-page',
  '/reporting-page/view?report=payments&by=state',
  '/downloads',
  '/schedules-management',
  '/no-permission',
  '/error',
];

// SHOTS_ONLY=wallet,approvals takes only the pages whose path contains one of those words; SHOTS_VIEWS=desktop only those views.
const only = process.env.SHOTS_ONLY?.split(',').filter(Boolean);
const chosenPages = only ? PAGES.filter((pathname) => only.some((word) => pathname.includes(word))) : PAGES;
const chosenViews = process.env.SHOTS_VIEWS?.split(',').filter(Boolean);

const VIEWS: Record<string, BrowserContextOptions> = {
  desktop: { viewport: { width: 1440, height: 900 }, colorScheme: 'light' },
  'desktop-dark': { viewport: { width: 1440, height: 900 }, colorScheme: 'dark' },
  phone: { viewport: { width: 375, height: 812 }, colorScheme: 'light', deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

const name = (pathname: string) => pathname.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'root';

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

const context = await startConsoleServer();
const browser = await launchBrowser();
try {
  for (const [view, options] of Object.entries(VIEWS).filter(([view]) => !chosenViews || chosenViews.includes(view))) {
    const browserContext = await browser.newContext(options);
    const page = await browserContext.newPage();
    await page.goto(`${context.server.url}/login`);
    await settle(page);
    await page.screenshot({ path: path.join(outDir, `${view}-login.png`) });
    await signIn(page, context, ROOT_EMAIL, ROOT_PASSWORD);
    for (const pathname of chosenPages) {
      await page.goto(`${context.server.url}${pathname}`);
      await settle(page);
      await page.screenshot({ path: path.join(outDir, `${view}-${name(pathname)}.png`) });
    }
    await page.goto(`${context.server.url}/admin`);
    await settle(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('perm');
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(outDir, `${view}-palette.png`) });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Slash');
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(outDir, `${view}-shortcuts.png`) });
    await browserContext.close();
  }
  console.log(`Screenshots in ${outDir}`);
} finally {
  await browser.close();
  await context.server.close();
}
