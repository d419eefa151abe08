import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** What axe reports for one failed rule, cut to what a person needs to find and fix it. */
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

declare global {
  interface Window {
    axe: {
      run: (
        context: Document,
        options: object,
      ) => Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>;
    };
  }
}

/** Every WCAG 2.x A and AA rule axe has, plus its best practices; nothing is switched off. */
async function violationsOn(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } }),
  );
  return result.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    // Every node: a page whose headings all fail should say so, not hide the rest after a few.
    nodes: violation.nodes.map((node) => ({
      target: node.target.join(' '),
      summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').replace(/^Fix any of the following: /, ''),
    })),
  }));
}

/**
 * axe-core, injected into the real console, finds nothing on the pages people spend the day on:
 * sign-in, Overview, Merchants, a merchant, a KYC record and the Audit Log, in the light and the
 * dark theme (the theme follows the system, so each scheme is emulated).
 */
describe.runIf(run)('accessibility of the main pages', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  let session: BrowserContext;
  let page: Page;
  let merchantId = 0;
  let kycId = 0;

  beforeAll(async () => {
    context = await startConsoleServer();
    const db = context.server.deps.db;
    merchantId = (await db.selectFrom('businesses').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    kycId = (await db.selectFrom('kyc_records').select('id').where('verification_type', '=', 'DOCUMENT').orderBy('id').executeTakeFirstOrThrow()).id;
    browser = await launchBrowser();
    // The console's Content-Security-Policy allows its own scripts only; axe is injected as the test's.
    session = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    page = await session.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  const pages: { name: string; path: () => string; ready: (page: Page) => Promise<unknown> }[] = [
    { name: 'Overview', path: () => '/overview', ready: (p) => p.locator('[data-testid^="stat-"]').first().waitFor() },
    { name: 'Merchants', path: () => '/merchants', ready: (p) => p.locator('[data-list="merchants.list"] [data-row-index="0"]').waitFor() },
    {
      name: 'a merchant',
      path: () => `/merchants/${merchantId}`,
      ready: (p) => p.locator(`[data-page="merchant"][data-business-id="${merchantId}"]`).waitFor(),
    },
    {
      name: 'a KYC record',
      path: () => `/document-verification/${kycId}`,
      ready: (p) => p.locator(`[data-page="kyc-record"][data-kyc-id="${kycId}"]`).waitFor(),
    },
    { name: 'the Audit Log', path: () => '/audit-log', ready: (p) => p.locator('[data-list="audit.list"] [data-row-index="0"]').waitFor() },
  ];

  async function open(path: string, ready: (page: Page) => Promise<unknown>) {
    await page.goto(`${context.server.url}${path}`);
    await ready(page);
    // Lists and sections fill in after their first rows; axe should see the settled page.
    await page.waitForLoadState('networkidle');
  }

  for (const scheme of ['light', 'dark'] as const) {
    describe(`in the ${scheme} theme`, () => {
      beforeAll(async () => {
        await page.emulateMedia({ colorScheme: scheme });
      });

      it('sign-in has no violations', async () => {
        await session.clearCookies();
        await page.goto(`${context.server.url}/login`);
        await page.evaluate(() => localStorage.clear());
        await page.goto(`${context.server.url}/login`);
        await page.getByLabel('Email').waitFor();
        const found = await violationsOn(page);
        // Signed in whatever axe found, so the other pages are still checked.
        await signIn(page, context, ROOT_EMAIL, ROOT_PASSWORD);
        expect(found).toEqual([]);
      });

      for (const { name, path, ready } of pages) {
        it(`${name} has no violations`, async () => {
          await open(path(), ready);
          expect(await violationsOn(page)).toEqual([]);
        });
      }
    });
  }
});
