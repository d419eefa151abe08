import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes';
import { cliUser, signIn, startTestServer, stripAnsi, type CliUser, type TestServer } from '../test/harness';

// What `traction <group> list` prints, through the CLI's own output and exit codes, against a
// real server with 130 demo merchants (two pages).
let server: TestServer;
let user: CliUser;
let total: number;

beforeAll(async () => {
  server = await startTestServer({ merchants: 130 });
  user = cliUser(server.url);
  await signIn(user, server);
  total = (await user.run(['merchants', 'list', '--json', '--all'])).stdout.trim().split('\n').length;
});
afterAll(async () => {
  user?.remove();
  await server?.close();
});

const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The list on a terminal `width` columns wide (COLUMNS, as a shell or a script sets it). */
async function onTerminal(argv: readonly string[], width: number) {
  const result = await user.run(argv, { stdoutTTY: true, env: { COLUMNS: String(width) } });
  return { ...result, screen: stripAnsi(result.stdout), lines: stripAnsi(result.stdout).trimEnd().split('\n') };
}

describe('tables on a terminal', () => {
  it.each([80, 100])('fit %i columns: names and emails whole, the low-priority columns left out and named', async (width) => {
    const { code, lines, screen } = await onTerminal(['merchants', 'list'], width);
    expect(code).toBe(EXIT.ok);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
    expect(lines[0]).toMatch(/^ID\s+Name\s+Email\s+Phone/);
    expect(screen).toMatch(/Left out to fit \d+ columns: .*Fraud, Trusted, KYC exempt, Wallet/);
    expect(screen).toContain('-o wide shows every column');
    const { stdout } = await user.run(['merchants', 'list', '--json', '--limit', '3']);
    for (const merchant of jsonLines(stdout)) {
      // Cut, if at all, only past their contract's narrowest width (18 and 20 characters).
      expect(screen).toContain(String(merchant.name).slice(0, 17));
      expect(screen).toContain(String(merchant.email).slice(0, 19));
    }
    expect(screen).toContain(`Page 1 of 2 · ${total} rows`);
  });

  it('show every column with -o wide, wider than the terminal', async () => {
    const { code, lines } = await onTerminal(['merchants', 'list', '-o', 'wide'], 80);
    expect(code).toBe(EXIT.ok);
    expect(lines[0]).toMatch(/^ID\s+Name\s+Email\s+Phone\s+State\s+Category\s+Fraud\s+Trusted\s+KYC exempt\s+Wallet\s+Created$/);
    expect(Math.max(...lines.map((line) => line.length))).toBeGreaterThan(80);
  });

  it('show the columns --columns names, in its order, by key or header', async () => {
    const { code, lines } = await onTerminal(['merchants', 'list', '--columns', 'email,Wallet,is-fraud'], 80);
    expect(code).toBe(EXIT.ok);
    expect(lines[0]).toMatch(/^Email\s+Wallet\s+Fraud$/);
  });

  it('refuse an unknown column with exit 2, naming the valid ones, before asking the server', async () => {
    const result = await user.run(['merchants', 'list', '--columns', 'name,colour']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Unknown column for traction merchants list: colour');
    expect(result.stderr).toContain('Columns: id, name, email, phone, state, category, isFraud, isTrusted, kycExempt, walletStatus, createdAt');
  });

  it('print --all as one table: one header, every row', async () => {
    const { code, lines, screen } = await onTerminal(['merchants', 'list', '--all'], 100);
    expect(code).toBe(EXIT.ok);
    expect(lines.filter((line) => /^ID\s+Name/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /^\d+ {2,}\S/.test(line))).toHaveLength(total);
    expect(screen).toContain(`${total} rows`);
  });
});

describe('paging', () => {
  it('says a page past the end is past the end, on the terminal and beside a script', async () => {
    const terminal = await onTerminal(['merchants', 'list', '--page', '3'], 100);
    expect(terminal.code).toBe(EXIT.ok);
    expect(terminal.screen).toContain(`Page 3 is past the end: the ${total} rows fill 2 pages.`);
    expect(terminal.screen).not.toContain('Page 3 of');
    const piped = await user.run(['merchants', 'list', '--page', '3', '--json']);
    expect(piped.code).toBe(EXIT.ok);
    expect(piped.stdout).toBe('');
    expect(piped.stderr).toContain('Page 3 is past the end');
  });

  it('reads N rows with --limit, across pages, and says where to go on', async () => {
    const five = await user.run(['merchants', 'list', '--json', '--limit', '5']);
    const all = jsonLines((await user.run(['merchants', 'list', '--json', '--all'])).stdout);
    expect(jsonLines(five.stdout)).toEqual(all.slice(0, 5));
    expect(five.stderr).toContain(`5 of ${total} rows · next: --after ${all[4]!.id}`);
    const many = await user.run(['merchants', 'list', '--json', '--limit', '120']);
    expect(jsonLines(many.stdout).map((row) => row.id)).toEqual(all.slice(0, 120).map((row) => row.id));
    expect((await user.run(['merchants', 'list', '--limit', '0'])).code).toBe(EXIT.usage);
    const paged = await user.run(['merchants', 'list', '--limit', '5', '--page', '2']);
    expect(paged.code).toBe(EXIT.usage);
    expect(paged.stderr).toContain('--limit reads from the first row, or from --after ID');
  });

  it('reads the rows after a row with --after, and --all from there', async () => {
    const all = jsonLines((await user.run(['merchants', 'list', '--json', '--all'])).stdout);
    const after = await user.run(['merchants', 'list', '--json', '--after', String(all[9]!.id), '--limit', '3']);
    expect(jsonLines(after.stdout)).toEqual(all.slice(10, 13));
    const rest = await user.run(['merchants', 'list', '--json', '--after', String(all[9]!.id), '--all']);
    expect(jsonLines(rest.stdout).map((row) => row.id)).toEqual(all.slice(10).map((row) => row.id));
    const terminal = await onTerminal(['merchants', 'list', '--after', String(all[9]!.id)], 100);
    expect(terminal.screen).toContain(`100 rows after ${all[9]!.id} · ${total} rows in all · next: --after ${all[109]!.id}`);
  });

  it('writes every row once with --all in JSON', async () => {
    const ids = jsonLines((await user.run(['merchants', 'list', '--json', '--all'])).stdout).map((row) => row.id);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(total).toBeGreaterThan(100);
  });
});

describe('--json fields and jq', () => {
  it('keeps only the fields --json names, in that order', async () => {
    const result = await user.run(['merchants', 'list', '--json', 'name,id', '--limit', '2']);
    expect(result.code).toBe(EXIT.ok);
    const rows = jsonLines(result.stdout);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Object.keys(row)).toEqual(['name', 'id']);
  });

  it('keeps plain --json whole, before or after the command', async () => {
    const after = jsonLines((await user.run(['merchants', 'list', '--json', '--limit', '1'])).stdout);
    const before = await user.run(['--json', 'merchants', 'list', '--limit', '1']);
    expect(before.code).toBe(EXIT.ok);
    expect(jsonLines(before.stdout)).toEqual(after);
    expect(Object.keys(after[0]!)).toEqual(expect.arrayContaining(['id', 'name', 'email', 'walletStatus']));
  });

  it('picks fields of a single answer, and of each row of an answer that is only rows', async () => {
    const [first] = jsonLines((await user.run(['merchants', 'list', '--json', 'id', '--limit', '1'])).stdout);
    const shown = await user.run(['merchants', 'show', '--id', String(first!.id), '--json', 'wallet,business']);
    expect(shown.code).toBe(EXIT.ok);
    expect(Object.keys(JSON.parse(shown.stdout))).toEqual(['wallet', 'business']);
    const departments = await user.run(['departments', 'list', '--json', 'name']);
    expect(departments.code).toBe(EXIT.ok);
    for (const row of jsonLines(departments.stdout)) expect(Object.keys(row)).toEqual(['name']);
  });

  it('refuses an unknown field with exit 2, listing the fields', async () => {
    const result = await user.run(['merchants', 'list', '--json', 'name,colour']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('Unknown JSON field for traction merchants list: colour');
    expect(result.stderr).toMatch(/Fields: id, name, email/);
  });

  it('answers --jq with the pipe to jq that does it (exit 2)', async () => {
    const result = await user.run(['merchants', 'list', '--jq', '.name']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain("traction merchants list --json | jq '.name'");
  });
});
