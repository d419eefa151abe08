import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes';
import { cliUser, FakeTerminalInput, stripAnsi } from '../test/harness';
import { typeKeys, waitFor } from '../test/wait-for';

// Nothing here reaches a server: every answer is given before a call would be made.
const user = cliUser('http://127.0.0.1:9');
afterAll(() => user.remove());

const ESCAPE = '\u001B';
const CTRL_C = '\u0003';

function atTerminal(argv: readonly string[]) {
  const keyboard = new FakeTerminalInput();
  const run = user.run(argv, { stdin: keyboard, stderrTTY: true });
  return { run, keyboard, screen: () => stripAnsi(run.stderr.text) };
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('leaving the sign-in prompt', () => {
  it.each([
    ['Esc', ESCAPE],
    ['Ctrl+C', CTRL_C],
  ])('%s exits 130 and says "Sign-in cancelled." once', async (_name, key) => {
    const { run, keyboard, screen } = atTerminal(['login']);
    await waitFor(() => expect(screen()).toContain('Email:'));
    await typeKeys(keyboard, key);
    const result = await run;
    expect(result.code).toBe(EXIT.interrupted);
    expect(count(stripAnsi(result.stderr), 'Sign-in cancelled.')).toBe(1);
    expect(result.stderr).not.toContain('error:');
  });
});

describe('a y/N confirmation', () => {
  it.each([
    ['n', EXIT.usage, 'Nothing was done.'],
    ['Enter', EXIT.usage, 'Nothing was done.'],
    ['Esc', EXIT.usage, 'Nothing was done.'],
    ['Ctrl+C', EXIT.interrupted, 'Interrupted. Nothing was done.'],
  ])('answered with %s exits %i, saying "%s" once', async (name, code, said) => {
    const key = { n: 'n', Enter: '\r', Esc: ESCAPE, 'Ctrl+C': CTRL_C }[name]!;
    const { run, keyboard, screen } = atTerminal(['admins', 'delete', '--id', '7']);
    await waitFor(() => expect(screen()).toContain('(y/N)'));
    await typeKeys(keyboard, key);
    const result = await run;
    expect(result.code).toBe(code);
    expect(count(stripAnsi(result.stderr), 'Nothing was done.')).toBe(1);
    expect(stripAnsi(result.stderr)).toContain(said);
    expect(result.stderr).not.toContain('error:');
  });
});
