import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, DEMO_PASSWORD, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;

// More businesses than a page (100) holds, for --paginate.
const MERCHANTS = 130;

beforeAll(async () => {
  server = await startTestServer({ merchants: MERCHANTS });
  user = cliUser(server.url);
  await signIn(user, server);
}, 240_000);
afterAll(async () => {
  user?.remove();
  await server?.close();
});

interface Page<R> {
  items: R[];
  page: number;
  pageSize: number;
  total: number;
  hasMore: boolean;
  next: number | null;
}
type Business = { id: number; name: string; isFraud: boolean; fraudReason: string | null };

const json = <T>(text: string) => JSON.parse(text) as T;

/** A business no other test touches, by its place in the fraud list's first page. */
async function business(index: number): Promise<Business> {
  const result = await user.run(['api', 'GET', '/v1/businesses/admin/getallbusinessesforfraud', '-F', 'is_fraud=false']);
  expect(result.code, result.stderr).toBe(EXIT.ok);
  return json<Page<Business>>(result.stdout).items[index]!;
}

describe('traction api', () => {
  it('GETs a list with -f fields in the query string, pretty-printed', async () => {
    const all = json<Page<{ role: string }>>((await user.run(['api', '/v1/admin/list-admins'])).stdout);
    const result = await user.run(['api', 'get', '/v1/admin/list-admins', '-f', 'role=staff']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(result.stdout).toMatch(/^\{\n {2}"items": \[\n/);
    const staff = json<Page<{ role: string }>>(result.stdout);
    expect(staff.items.length).toBeGreaterThan(0);
    expect(staff.items.every((admin) => admin.role === 'staff')).toBe(true);
    expect(staff.total).toBeLessThan(all.total);
    // A query string in the path is kept, and fields are added to it.
    const both = json<Page<{ role: string }>>((await user.run(['api', '-X', 'GET', '/v1/admin/list-admins?role=staff', '-f', 'limit=2'])).stdout);
    expect(both.items.map((admin) => admin.role)).toEqual(['staff', 'staff']);
    expect(both.total).toBe(staff.total);
  });

  it('POSTs -F typed fields (reason from @file) with --yes, and the change is there afterwards', async () => {
    const target = await business(0);
    writeFileSync(join(user.configDir, 'reason.txt'), 'Chargebacks from stolen cards');
    const path = `/v1/businesses/${target.id}/updatefraudstatus`;

    // "confirm" commands need --yes without a terminal, as every command does; nothing is sent.
    const refused = await user.run(['api', 'POST', path, '-F', 'is_fraud=true', '-F', 'reason=@reason.txt']);
    expect(refused.code).toBe(EXIT.usage);
    expect(refused.stderr).toContain(
      `\`traction api POST ${path}\` is hard to undo and asks for confirmation first. Without a terminal, pass --yes to run it.`,
    );

    // POST is the method when fields are given.
    const marked = await user.run(['api', path, '-F', 'is_fraud=true', '-F', 'reason=@reason.txt', '--yes']);
    expect(marked.code, marked.stderr).toBe(EXIT.ok);
    expect(json<{ business: Business }>(marked.stdout).business).toMatchObject({ id: target.id, isFraud: true });

    const after = await user.run(['api', `/v1/businesses/${target.id}`]);
    expect(after.code, after.stderr).toBe(EXIT.ok);
    expect(after.stdout).toContain('"isFraud": true');
    const listed = json<Page<Business>>((await user.run(['api', 'GET', '/v1/businesses/admin/getallbusinessesforfraud', '-F', 'is_fraud=true'])).stdout);
    expect(listed.items.find((row) => row.id === target.id)).toMatchObject({ isFraud: true, fraudReason: 'Chargebacks from stolen cards' });
  });

  it("says the server's refusal with the field it names, and exits 1 as other commands do", async () => {
    const target = await business(1);
    const result = await user.run(['api', '-X', 'post', `/v1/businesses/${target.id}/updatefraudstatus`, '-F', 'is_fraud=true', '--yes']);
    expect(result.code).toBe(EXIT.error);
    expect(result.stderr).toMatch(/\(HTTP 400\)\n {2}reason: is required when marking a business as fraud\n/);
    expect(result.stdout).toBe('');
  });

  it('exits 4 when the admin lacks the permission and 3 when the session is not valid', async () => {
    const staff = cliUser(server.url);
    try {
      // A demo staff member of Risk & Compliance: admins.view and audit.view only.
      await signIn(staff, server, 'babatunde.nwosu@traction.ng', DEMO_PASSWORD);
      const denied = await staff.run(['api', 'POST', '/v1/admin/grant-permission', '-F', 'user_id=3', '-f', 'permissions[]=audit.view']);
      expect(denied.code, denied.stderr).toBe(EXIT.permissionDenied);
      expect(denied.stderr).toContain('permissions.manage');
      expect(denied.stderr).toContain('(HTTP 403)');
    } finally {
      staff.remove();
    }
    const bogus = await user.run(['api', '/v1/auth/admin/me'], { env: { TRACTION_TOKEN: 'tra_not-a-session', TRACTION_DEVICE_ID: 'dev-nobody' } });
    expect(bogus.code).toBe(EXIT.notSignedIn);
  });

  it('refuses a path or a method not in the API document (exit 2, nothing sent); --raw sends it and the server answers 404', async () => {
    const unknown = await user.run(['api', '/v1/businesses/12/updatefraudstatu', '-F', 'is_fraud=false']);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.stderr).toContain('/v1/businesses/12/updatefraudstatu is not a path of the API. Nearest: /v1/businesses/{id}/updatefraudstatus');
    expect(unknown.stderr).toContain('--raw');

    const method = await user.run(['api', 'DELETE', '/v1/admin/list-admins']);
    expect(method.code).toBe(EXIT.usage);
    expect(method.stderr).toContain('DELETE /v1/admin/list-admins is not in the API: /v1/admin/list-admins takes GET only.');

    // A trailing slash is another path.
    expect((await user.run(['api', '/v1/admin/list-admins/'])).code).toBe(EXIT.usage);
    // No method typed: a path the document gives one method takes it, fields or not (a list's filters stay a GET).
    const defaulted = await user.run(['api', '/v1/admin/list-admins', '-f', 'role=staff']);
    expect(defaulted.code, defaulted.stderr).toBe(EXIT.ok);
    expect(JSON.parse(defaulted.stdout).items.every((admin: { role: string }) => admin.role === 'staff')).toBe(true);

    const raw = await user.run(['api', '--raw', '/v1/no-such-thing']);
    expect(raw.code).toBe(EXIT.error);
    expect(raw.stderr).toContain('No such endpoint: GET /v1/no-such-thing (HTTP 404)');
  });

  it('--paginate reads every page of a list and prints one document in its shape', async () => {
    const one = json<Page<Business>>((await user.run(['api', '/v1/businesses/admin/getallbusinessesforfraud'])).stdout);
    expect(one.items).toHaveLength(100);
    expect(one.hasMore).toBe(true);

    const result = await user.run(['api', '/v1/businesses/admin/getallbusinessesforfraud', '--paginate']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    const all = json<Page<Business>>(result.stdout);
    expect(all.total).toBeGreaterThanOrEqual(MERCHANTS);
    expect(all.items).toHaveLength(all.total);
    expect(new Set(all.items.map((row) => row.id)).size).toBe(all.total);
    expect(all).toMatchObject({ page: 1, pageSize: 100, hasMore: false, next: null });

    // A list read by POST: the cursor goes into the JSON body, here over four pages of 40 rows.
    const posted = await user.run(['api', 'POST', '/v1/payments/settlementaccount/business', '-F', 'limit=40', '--paginate']);
    expect(posted.code, posted.stderr).toBe(EXIT.ok);
    const accounts = json<Page<unknown>>(posted.stdout);
    expect(accounts.total).toBeGreaterThan(80);
    expect(accounts.items).toHaveLength(accounts.total);
    expect(new Set(accounts.items.map((row) => JSON.stringify(row))).size).toBe(accounts.total);

    const notList = await user.run(['api', '/v1/auth/admin/me', '--paginate']);
    expect(notList.code).toBe(EXIT.usage);
    expect(notList.stderr).toContain('auth.whoami, not a list');
  });

  it('-i prints the status line and the headers before the answer', async () => {
    const result = await user.run(['api', '-i', '/v1/auth/admin/me']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    const [head, body] = result.stdout.split('\n\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\n/);
    expect(head).toMatch(/\ncontent-type: application\/json/);
    expect(json<{ user: { email: string } }>(body!).user.email).toBe('root@traction.ng');
  });

  it('makes an Idempotency-Key for commands that need one and says it on stderr; takes one given with -H', async () => {
    const target = await business(2);
    const bulk = ['api', 'POST', '/v1/businesses/updatefraudstatus/bulk', '-F', `ids[]=${target.id}`, '-F', 'is_fraud=true', '-f', 'reason=Test run', '--yes'];
    const first = await user.run(bulk);
    expect(first.code, first.stderr).toBe(EXIT.ok);
    const key = /Idempotency-Key: (cli-[0-9a-f-]+)/.exec(first.stderr)?.[1];
    expect(key).toBeDefined();
    // The same key again: the server answers from its record, without doing it twice.
    const again = await user.run([...bulk, '-H', `Idempotency-Key: ${key}`]);
    expect(again.code, again.stderr).toBe(EXIT.ok);
    expect(again.stderr).not.toContain('Idempotency-Key:');
    expect(json(again.stdout)).toEqual(json(first.stdout));
  });

  it('writes an answer that is not JSON as it comes (a list as CSV)', async () => {
    const result = await user.run(['api', 'GET', '/v1/admin/list-admins', '-f', 'download=csv', '-f', 'role=staff']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(result.stdout.split('\n')[0]).toMatch(/^(\uFEFF)?ID,/);
  });

  it('reads a body from --input on standard input', async () => {
    const target = await business(3);
    const result = await user.run(['api', 'POST', `/v1/businesses/${target.id}/updatefraudstatus`, '--input', '-', '--yes'], {
      stdin: JSON.stringify({ is_fraud: true, reason: 'From a file' }),
    });
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(json<{ business: Business }>(result.stdout).business).toMatchObject({ id: target.id, isFraud: true, fraudReason: 'From a file' });
  });

  it('says "cannot reach" and exits 1 when the server is not there, as other commands do', async () => {
    const result = await user.run(['api', '/v1/auth/admin/me', '--api-url', 'http://127.0.0.1:9'], {
      env: { TRACTION_TOKEN: 'tra_job', TRACTION_DEVICE_ID: 'dev-job' },
    });
    expect(result.code).toBe(EXIT.error);
    expect(result.stderr).toContain('Cannot reach http://127.0.0.1:9');
  });
});
