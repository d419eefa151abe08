import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;

beforeAll(async () => {
  server = await startTestServer();
  user = cliUser(server.url);
  await signIn(user, server);
});
afterAll(async () => {
  user.remove();
  await server.close();
});

describe('traction ledger', () => {
  it('check and its alias verify answer the same sound ledger', async () => {
    const check = await user.run(['ledger', 'check', '--json']);
    expect(check.code, check.stderr).toBe(EXIT.ok);
    const answer = JSON.parse(check.stdout) as { ok: boolean; totalDebits: number; totalCredits: number; differences: unknown[] };
    expect(answer).toMatchObject({ ok: true, differences: [] });
    expect(answer.totalDebits).toBe(answer.totalCredits);

    const verify = await user.run(['ledger', 'verify', '--json']);
    expect(verify.code, verify.stderr).toBe(EXIT.ok);
    expect(JSON.parse(verify.stdout)).toEqual(answer);
  });
});
