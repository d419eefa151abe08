import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;

beforeAll(async () => {
  server = await startTestServer({ merchants: 60, terminals: 150 });
  user = cliUser(server.url);
  await signIn(user, server);
}, 240_000);
afterAll(async () => {
  user?.remove();
  await server?.close();
});

const rows = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id: number; kind: string; terminalId: string | null; serialNo: string | null });

describe('traction field-forms', () => {
  it('finds the retrieval forms of a terminal by its TID or serial number, and shows one with its answers', async () => {
    const all = await user.run(['field-forms', 'retrieval', '--json']);
    expect(all.code, all.stderr).toBe(EXIT.ok);
    const some = rows(all.stdout).find((row) => row.terminalId !== null)!;
    expect(some).toBeDefined();

    const byTid = await user.run(['field-forms', 'retrieval', '--search', some.terminalId!.toLowerCase(), '--json']);
    expect(byTid.code, byTid.stderr).toBe(EXIT.ok);
    const found = rows(byTid.stdout);
    expect(found.map((row) => row.id)).toContain(some.id);
    expect(found.every((row) => row.kind === 'RETRIEVAL' && row.terminalId === some.terminalId)).toBe(true);

    const bySerial = await user.run(['field-forms', 'retrieval', '--search', some.serialNo!, '--json']);
    expect(rows(bySerial.stdout).map((row) => row.id)).toContain(some.id);

    const shown = await user.run(['field-forms', 'get', '--id', String(some.id), '--json']);
    expect(shown.code, shown.stderr).toBe(EXIT.ok);
    const detail = JSON.parse(shown.stdout) as { answers: { question: string; answer: string }[] };
    expect(detail.answers[0]).toMatchObject({ question: 'Why was the terminal retrieved?' });
  }, 60_000);

  it('says which flag is wrong', async () => {
    const refused = await user.run(['field-forms', 'retrieval', '--state-code', 'XX']);
    expect(refused.code).not.toBe(EXIT.ok);
    expect(refused.stderr).toContain('state');
  });
});
