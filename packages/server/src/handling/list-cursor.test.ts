import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../test/harness';
import { insertBusiness } from '../test/merchant-fixtures';

// Cursor paging (`after`, answered with `next`) is the list framework's, so every list has it:
// the audit log (newest first) and the KYC review queue (oldest submission first) stand for both orders.
let t: TestApp;
let boss: Actor;
beforeAll(async () => {
  t = await createTestApp();
  boss = await t.actor({ role: 'super_admin', email: 'cursor-boss@traction.ng' });
});
afterAll(() => t.close());

interface Page {
  items: { id: number; detail?: string }[];
  page: number;
  total: number;
  hasMore: boolean;
  next: number | null;
}

async function read(path: string, query: Record<string, string>): Promise<Page> {
  const answer = await boss.request('GET', path, { query });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as Page;
}

/** Walks a list by `next` from its first page, `between` running after each page. */
async function walk(path: string, query: Record<string, string>, between: () => Promise<void> = async () => {}): Promise<Page['items']> {
  const rows: Page['items'] = [];
  let page = await read(path, query);
  for (;;) {
    rows.push(...page.items);
    if (page.next === null) return rows;
    await between();
    page = await read(path, { ...query, after: String(page.next) });
  }
}

describe('cursor paging of a list read newest first (the audit log)', () => {
  const path = '/v1/admin/audit-logs';
  const query = { command: 'cursor.test' };
  beforeAll(async () => {
    await sql`
      insert into audit_log (command_id, input, outcome, summary, at)
      select 'cursor.test', '{}'::jsonb, 'ok', 'entry ' || n, now()
      from generate_series(1, 250) as n`.execute(t.db);
  });

  it('reads every row once, in order, however many rows arrive while it walks', async () => {
    const byPage = [
      ...(await read(path, query)).items,
      ...(await read(path, { ...query, page: '2' })).items,
      ...(await read(path, { ...query, page: '3' })).items,
    ];
    expect(byPage).toHaveLength(250);
    let added = 0;
    const walked = await walk(path, query, async () => {
      // New entries go on top: page numbers would now repeat rows, the cursor does not.
      added += 7;
      await sql`
        insert into audit_log (command_id, input, outcome, summary, at)
        select 'cursor.test', '{}'::jsonb, 'ok', 'late ' || n, now() from generate_series(1, 7) as n`.execute(t.db);
    });
    expect(added).toBe(14);
    expect(walked.map((row) => row.id)).toEqual(byPage.map((row) => row.id));
  });

  it('says where the next page starts, and that there is none after the last row', async () => {
    const first = await read(path, query);
    expect(first.hasMore).toBe(true);
    expect(first.next).toBe(first.items.at(-1)!.id);
    const oldest = (await walk(path, query)).at(-1)!;
    const past = await read(path, { ...query, after: String(oldest.id) });
    expect(past).toMatchObject({ items: [], hasMore: false, next: null, page: 1 });
    expect(past.total).toBe(first.total);
  });

  it('reads fewer rows with limit, and next follows the last row read', async () => {
    const first = await read(path, query);
    const ten = await read(path, { ...query, limit: '10' });
    expect(ten.items.map((row) => row.id)).toEqual(first.items.slice(0, 10).map((row) => row.id));
    expect(ten.next).toBe(first.items[9]!.id);
    const following = await read(path, { ...query, limit: '10', after: String(ten.next) });
    expect(following.items.map((row) => row.id)).toEqual(first.items.slice(10, 20).map((row) => row.id));
    expect((await read(path, { ...query, limit: '10', page: '2' })).items).toEqual(following.items);
  });

  it('refuses an after that is no cursor and a limit past the page size, naming the field', async () => {
    for (const [field, value] of [
      ['after', '-1'],
      ['after', 'abc'],
      ['after', '1.5'],
      ['limit', '0'],
      ['limit', '101'],
    ] as const) {
      const answer = await boss.request('GET', path, { query: { ...query, [field]: value } });
      expect(answer.status).toBe(400);
      expect(answer.body.details.fields[0].field).toBe(field);
    }
  });
});

describe('cursor paging of a list ordered by a column before its cursor (the KYC queue)', () => {
  const path = '/v1/kyc/kyc-info';
  const query = { business_name: 'Cursor Queue', status: 'PENDING' };
  let expected: string[];
  beforeAll(async () => {
    const business = await insertBusiness(t.db, { name: 'Cursor Queue Bakery' });
    // Submission times wrap while ids rise, and several records share an instant.
    await sql`
      insert into kyc_records (business_id, verification_type, document_type, detail, status, submitted_at, updated_at)
      select ${business.id}, 'ADDRESS', 'UTILITY_BILL', 'queue ' || n, 'PENDING',
             timestamptz '2026-09-01 08:00:00.000001+00' + ((n * 7) % 90) * interval '1 microsecond', now()
      from generate_series(1, 230) as n`.execute(t.db);
    const rows = await t.db.selectFrom('kyc_records').select('detail').where('business_id', '=', business.id).orderBy('submitted_at').orderBy('id').execute();
    expected = rows.map((row) => String(row.detail));
  });

  it('follows the queue order, even after a row that has left the queue meanwhile', async () => {
    const first = await read(path, query);
    // The last record of the first page is decided before the next page is read.
    await sql`update kyc_records set status = 'APPROVED' where id = ${first.next}`.execute(t.db);
    const rest = await walk(path, { ...query, after: String(first.next) });
    expect([...first.items, ...rest].map((row) => row.detail)).toEqual(expected);
  });
});
