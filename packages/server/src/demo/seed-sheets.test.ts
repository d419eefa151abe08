import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type LooseBody, type TestApp } from '../test/harness';
import { seedMerchants } from './seed-merchants';
import { seedSheets } from './seed-sheets';
import { seedTerminals } from './seed-terminals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedMerchants(t.db, { count: 80, files: t.files });
  await seedTerminals(t.db, { count: 400 });
}, 120_000);
afterAll(() => t.close());

describe('the demo sheets', () => {
  it('has versions of each sheet that differ, rows linked to demo terminals and a few flagged, once', async () => {
    const counts = await seedSheets(t.deps);
    expect(counts.versions).toBe(7);
    expect(counts.rows).toBeGreaterThan(1_000);
    expect(counts.flagged).toBeGreaterThan(3);
    const viewer = await t.actor({ role: 'staff', permissions: ['sheets.view'] });
    for (const source of ['terminal-mastersheet', 'terminal-location-sheet', 'terminal-weekly-visitation-sheet']) {
      const versions = await viewer.request('GET', `/v1/merchantvisitation/${source}/versions`);
      expect(versions.status, versions.text).toBe(200);
      expect(versions.body.total).toBeGreaterThanOrEqual(2);
      const rows = await viewer.request('GET', `/v1/merchantvisitation/${source}`);
      expect(rows.body.total).toBeGreaterThan(100);
      expect(rows.body.items.every((row: LooseBody) => row.terminalId !== null)).toBe(true);
      const compared = await viewer.request('GET', `/v1/merchantvisitation/${source}/compare`);
      expect(compared.status, compared.text).toBe(200);
      expect(compared.body.added.length + compared.body.removed.length + compared.body.changed.length).toBeGreaterThan(0);
    }
    const flagged = await viewer.request('GET', '/v1/merchantvisitation/terminal-mastersheet', { query: { flagged: 'true' } });
    expect(flagged.body.total).toBeGreaterThan(0);
    expect(flagged.body.items[0].flag).toMatch(/^terminal \w{8} is at merchant #\d+ .* in the system, not #\d+ /);
    expect(await seedSheets(t.deps)).toEqual({});
  });
});
