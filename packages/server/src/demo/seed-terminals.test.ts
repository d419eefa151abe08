import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { insertBusiness } from '../test/merchant-fixtures';
import { seedTerminals } from './seed-terminals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const states = async () =>
  Object.fromEntries(
    (
      await t.db
        .selectFrom('terminals')
        .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('state')
        .execute()
    ).map((row) => [row.state, Number(row.n)]),
  );

describe('demo terminals', () => {
  it('keep every terminal in stock or out of the field on a database with no merchants, then are made once', async () => {
    expect(await seedTerminals(t.db, { count: 200 })).toEqual({ terminals: 200 });
    const made = await states();
    expect(made.ASSIGNED ?? 0).toBe(0);
    expect(made.DEPLOYED ?? 0).toBe(0);
    expect(made.IN_STOCK).toBeGreaterThan(100);
    await insertBusiness(t.db, { name: 'Late Arrival Stores' });
    expect(await seedTerminals(t.db, { count: 200 })).toEqual({ terminals: 0 });
  });
});
