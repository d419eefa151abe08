import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { registry, type AnyCommand } from '@traction/core';
import { afterAll, describe, expect, it } from 'vitest';
import { exportableLists } from './commands/export-commands';
import { EXIT } from './exit-codes';
import { buildProgram } from './program';
import { BIN, Capture, cliUser } from './test/harness';
import type { Io } from './io';

// No server: everything here is decided before a call would be made.
const user = cliUser('http://127.0.0.1:9');
afterAll(() => user.remove());

const quietIo = (): Io => ({
  stdout: new Capture(),
  stderr: new Capture(),
  stdin: process.stdin,
  env: user.env,
  cwd: user.configDir,
  signal: new AbortController().signal,
});

function find(program: Command, path: readonly string[]): Command | undefined {
  let current: Command | undefined = program;
  for (const name of path) current = current?.commands.find((command) => command.name() === name);
  return current;
}

/** Every command people can see (hidden ones, such as the completion scripts' `__complete`, left out). */
function allPaths(command: Command, prefix: string[] = []): string[][] {
  return command.commands
    .filter((sub) => !(sub as unknown as { _hidden?: boolean })._hidden)
    .flatMap((sub) => [[...prefix, sub.name()], ...allPaths(sub, [...prefix, sub.name()])]);
}

describe('the command tree', () => {
  const program = buildProgram(quietIo());

  it.each((registry as readonly AnyCommand[]).map((command) => [command.id, command] as const))('has `traction <group> <action>` for %s', (_id, command) => {
    const leaf = find(program, [command.group, command.action]);
    expect(leaf, `traction ${command.group} ${command.action}`).toBeDefined();
    expect(leaf!.commands).toHaveLength(0);
  });

  // Examples are what people copy: each must name a real command, real flags, and no stray words.
  it.each((registry as readonly AnyCommand[]).filter((command) => command.example).map((command) => [command.id, command.example!] as const))(
    '%s: its help example names real flags',
    (_id, example) => {
      const words = [...example.matchAll(/"[^"]*"|'[^']*'|\S+/g)].map((m) => m[0]);
      expect(words[0]).toBe('traction');
      const leaf = find(program, words.slice(1, 3));
      expect(leaf, example).toBeDefined();
      const known = new Set([...leaf!.options, ...program.options].flatMap((option) => [option.long, option.short].filter(Boolean)));
      const rest = words.slice(3);
      for (let i = 0; i < rest.length; i += 1) {
        const word = rest[i]!;
        expect(word.startsWith('-'), `${example}: "${word}" is not a flag (commander would say "too many arguments")`).toBe(true);
        const flag = word.split('=')[0]!;
        expect(known.has(flag) || (flag.startsWith('--no-') && known.has(`--${flag.slice(5)}`)), `${example}: unknown flag ${flag}`).toBe(true);
        const option = [...leaf!.options, ...program.options].find((o) => o.long === flag || o.short === flag);
        if (option && (option.required || option.optional) && !word.includes('=')) i += 1;
      }
    },
  );

  it('has an export for every list that streams CSV, and a bulk runner for every command that changes something from input, session steps aside', () => {
    for (const [name, command] of exportableLists()) expect(find(program, ['export', name]), command.id).toBeDefined();
    for (const command of registry as readonly AnyCommand[]) {
      const bulk = find(program, ['bulk', command.group, command.action]);
      const noRows = Object.keys(command.input.shape).length === 0;
      if (!command.mutates || noRows || command.auth === 'public' || ['auth.login', 'auth.device-login', 'auth.logout'].includes(command.id))
        expect(bulk, command.id).toBeUndefined();
      else expect(bulk, command.id).toBeDefined();
    }
  });

  it('derives flags from the input schema: kebab-case names, types, enum choices, required fields and defaults', () => {
    const help = find(program, ['admins', 'create'])!.helpInformation();
    expect(help).toMatch(/--email <email>\s+email \(required\)/);
    expect(help).toMatch(/--first-name <first-name>/);
    expect(help).toMatch(/--role <role>\s+role \(default: staff\)\s+\(choices: "super_admin",\s+"admin", "staff"\)/);
    expect(help).toMatch(/--department-ids <n,\.\.\.>\s+department ids; comma-separated, or repeat the flag/);
    const grant = find(program, ['permissions', 'grant'])!.helpInformation();
    expect(grant).toMatch(/--user-id <id>/);
  });
});

describe('--help', () => {
  const paths = allPaths(buildProgram(quietIo()));

  it.each([[[] as string[]], ...paths.map((path) => [path])])('traction %s --help shows an example and exits 0', async (path) => {
    const result = await user.run([...path, '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Examples?:\n\s+\$ traction/);
  });

  it('lists every exit code at the top and one line of them on every command', async () => {
    const root = await user.run(['--help']);
    for (const line of ['0    success', '2    usage', '3    not signed in', '4    permission denied', '5    some rows of a bulk run failed']) {
      expect(root.stdout).toContain(line);
    }
    expect((await user.run(['audit', 'list', '--help'])).stdout).toContain('Exit codes: 0 ok, 1 error, 2 usage, 3 not signed in, 4 permission denied');
  });
});

describe('bad command lines (exit 2, nothing sent)', () => {
  it.each([
    [['admins', 'list', '--role', 'boss'], '--role: Invalid option: expected one of "super_admin"|"admin"|"staff"'],
    [['permissions', 'grant', '--permissions', 'audit.view'], '--user-id: is required'],
    [['permissions', 'grant', '--user-id', 'seven', '--permissions', 'audit.view'], '--user-id: Invalid input: expected number, received string'],
    [['admins', 'create', '--email', 'nope', '--first-name', 'A', '--last-name', 'B'], '--email: must be a valid email address'],
    [['permissions', 'grant-bulk', '--ids', '1', '--matching', '{oops', '--permissions', 'audit.view'], '--matching: must be JSON'],
    [
      ['audit', 'list', '--from', 'tomorrow'],
      '--from: "tomorrow" is not a date. Type a date such as 01/10/2026 or 2026-10-01, or today, yesterday, 7d; or a date-time',
    ],
    [['audit', 'list', '--to', '2026-10-01T25:00'], '--to: is not a real date or time\nSee'],
    [['admins', 'change-role', '--id', '7'], '--role: is required'],
    [['bulk', 'permissions', 'grant', '--file', '/nonexistent.csv'], 'Cannot read /nonexistent.csv'],
    [['help', 'admins', 'frobnicate'], "unknown command 'admins frobnicate'"],
    [['profiles', 'use', 'nope'], 'There is no profile "nope". Profiles: default.'],
    [['admins', 'list', '--rol', 'admin'], "unknown option '--rol'"],
    [['admins', 'frobnicate'], "unknown command 'frobnicate'"],
    [['export', 'admins'], 'needs --out FILE'],
    [['bulk', 'permissions', 'grant'], "required option '--file <csv>' not specified"],
    [['api', '/v1/admin/list-admin'], '/v1/admin/list-admin is not a path of the API. Nearest: /v1/admin/list-admins'],
    [['api', 'PUT', '/v1/admin/list-admins'], 'PUT /v1/admin/list-admins is not in the API: /v1/admin/list-admins takes GET only.'],
    [['api', 'GET', '/v1/admin/list-admins', '-f', 'role'], '-f role: expected key=value'],
    [['api', 'GET', '/v1/auth/admin/me', '--paginate'], 'auth.whoami, not a list'],
    [['api', 'POST', '/v1/admin/{id}/delete'], 'POST /v1/admin/{id}/delete is not in the API'],
  ])('traction %j', async (argv, message) => {
    const result = await user.run(argv);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain(message);
  });

  it('asks commands marked "confirm" for --yes when there is no terminal', async () => {
    const result = await user.run(['admins', 'delete', '--id', '7']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('`traction admins delete` is hard to undo and asks for confirmation first. Without a terminal, pass --yes to run it.');
  });

  it('asks for --yes on `traction api` too, when the path is a command marked "confirm"', async () => {
    const result = await user.run(['api', 'DELETE', '/v1/admin/7/delete']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain(
      '`traction api DELETE /v1/admin/7/delete` is hard to undo and asks for confirmation first. Without a terminal, pass --yes to run it.',
    );
  });

  it('refuses to prompt for a password without a terminal and names the flags to use', async () => {
    const result = await user.run(['login']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('--password-stdin');
  });

  it('says "not signed in" (exit 3) before calling anything', async () => {
    const result = await user.run(['admins', 'list', '--yes']);
    expect(result.code).toBe(EXIT.notSignedIn);
    expect(result.stderr).toContain('Not signed in to http://127.0.0.1:9 (profile "default"). Run `traction login`.');
  });

  it('says what is wrong with a flag once, however many checks it failed', async () => {
    const result = await user.run(['audit', 'list', '--from', 'tomorrow', '--to', '2026-10-01T25:00']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr.match(/is not a date/g)).toHaveLength(1);
    // zod checks the form, the year and the date; the first failure is the one said.
    const to = await user.run(['audit', 'list', '--to', '2026-10-01T25']);
    expect(to.stderr.match(/--to:/g)).toHaveLength(1);
    expect(to.stderr).toContain('--to: must be a date (YYYY-MM-DD) or date-time');
  });

  it.each([[['admins', 'list', '--role', 'ADMIN']], [['kyc', 'list', '--status', 'pending']], [['kyc', 'list', '--document-types', 'passport,Nin']]])(
    'takes enum values in any case: traction %j gets as far as the session',
    async (argv) => {
      const result = await user.run(argv);
      expect(result.stderr).toContain('Not signed in');
      expect(result.code).toBe(EXIT.notSignedIn);
    },
  );

  it('names the variable missing when a job has TRACTION_TOKEN without TRACTION_DEVICE_ID', async () => {
    const result = await user.run(['whoami'], { env: { TRACTION_TOKEN: 'tra_job' } });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('TRACTION_TOKEN is set but TRACTION_DEVICE_ID is not');
  });
});

describe('traction help', () => {
  it.each([[[] as string[]], [['admins']], [['admins', 'list']], [['export', 'audit']]])('traction help %j prints what --help prints', async (path) => {
    const help = await user.run(['help', ...path]);
    const flag = await user.run([...path, '--help']);
    expect(help.code).toBe(EXIT.ok);
    expect(help.stdout).toBe(flag.stdout);
  });
});

describe('traction completion', () => {
  const makeProfiles = async () => {
    for (const name of ['staging', 'qa']) await user.run(['profiles', 'use', name, '--api-url', `https://${name}.example.com`]);
  };
  const program = buildProgram(quietIo());
  const leaves = allPaths(program).filter((path) => find(program, path)!.commands.length === 0);

  it.each(['bash', 'zsh', 'fish'])('%s: names every command', async (shell) => {
    const { code, stdout } = await user.run(['completion', shell]);
    expect(code).toBe(0);
    for (const path of leaves) expect(stdout).toContain(path.at(-1)!);
    expect(stdout).toContain('super_admin admin staff');
  });

  it('bash: completes groups, actions, flags and enum values', async () => {
    const script = join(user.configDir, 'traction.bash');
    writeFileSync(script, (await user.run(['completion', 'bash'])).stdout);
    const complete = (...words: string[]) =>
      execFileSync(
        'bash',
        [
          '-c',
          `source ${script}; COMP_WORDS=(traction ${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length}; _traction_completions; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { encoding: 'utf8' },
      )
        .trim()
        .split('\n');
    expect(complete('adm')).toEqual(['admins']);
    expect(complete('admins', 'l')).toEqual(['list']);
    expect(complete('admins', 'list', '--ro')).toEqual(['--role']);
    expect(complete('admins', 'list', '--role', 'a')).toEqual(['admin']);
    expect(complete('--profile', 'staging', 'bulk', 'permissions', 'gr')).toEqual(['grant', 'grant-bulk']);
    expect(complete('kyc', 'list', '--status', 'P')).toEqual(['PENDING', 'PROCESSING']);
    expect(complete('audit', 'list', '--command', 'admins.')).toEqual(registry.map((command) => command.id).filter((id) => id.startsWith('admins.')));
    expect(complete('views', 'save', '--list-id', 'admins')).toEqual(['admins.list']);
    expect(complete('completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(complete('help', 'adm')).toEqual(['admins']);
    expect(complete('help', 'admins', 'l')).toEqual(['list']);
    expect(complete('help', 'admins', '--')).toEqual(['']);
    expect(complete('__')).toEqual(['']);
    expect(complete('api')).toEqual(['api']);
    expect(complete('api', '--pag')).toEqual(['--paginate']);
  });

  it('bash: completes profile names as they are when TAB is pressed', async () => {
    await makeProfiles();
    const script = join(user.configDir, 'traction.bash');
    writeFileSync(script, (await user.run(['completion', 'bash'])).stdout);
    // `traction` as the shell finds it: the bin.
    const complete = (...words: string[]) =>
      execFileSync(
        'bash',
        [
          '-c',
          `traction() { "${process.execPath}" "${BIN}" "$@"; }; source ${script}; COMP_WORDS=(traction ${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length}; _traction_completions; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { encoding: 'utf8', env: { PATH: process.env.PATH, XDG_CONFIG_HOME: user.configDir } },
      )
        .trim()
        .split('\n');
    expect(complete('--profile', '')).toEqual(['qa', 'default', 'staging']);
    expect(complete('profiles', 'use', 's')).toEqual(['staging']);
    expect(complete('admins', 'list', '--profile', 'q')).toEqual(['qa']);
    expect(complete('profiles', 'delete', '')).toEqual(['qa', 'default', 'staging']);
  });

  // Each shell run as it completes: zsh with its completion builtins standing in (they need a
  // terminal), fish with `complete -C`. Skipped where the shell is not installed.
  const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;
  const asShellFinds = `"${process.execPath}" "${BIN}"`;

  it.skipIf(!has('zsh'))('zsh: completes commands, flags, enum values, command ids, profiles and help', async () => {
    await makeProfiles();
    const script = join(user.configDir, 'traction.zsh');
    writeFileSync(script, (await user.run(['completion', 'zsh'])).stdout);
    const harness = join(user.configDir, 'complete.zsh');
    writeFileSync(
      harness,
      [
        'compdef() {}',
        'compadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: zsh's own parameter expansion, not a template.
        '_describe() { local entries=("${(@P)2}"); print -l -- ${entries%%:*}; }',
        '_files() { print FILES; }',
        `traction() { ${asShellFinds} "$@"; }`,
        `source ${script}`,
        'words=(traction "$@"); CURRENT=$#words',
        '_traction',
      ].join('\n'),
    );
    const complete = (...words: string[]) =>
      execFileSync('zsh', [harness, ...words], { encoding: 'utf8', env: { PATH: process.env.PATH, XDG_CONFIG_HOME: user.configDir } })
        .trim()
        .split('\n');
    expect(complete('admins', '')).toEqual(['reset-password', 'create', 'list', 'change-role', 'delete']);
    expect(complete('admins', 'list', '--role', '')).toEqual(['super_admin', 'admin', 'staff']);
    expect(complete('audit', 'list', '--command', '')).toContain('fraud.update');
    expect(complete('--profile', '')).toEqual(expect.arrayContaining(['default', 'staging', 'qa']));
    expect(complete('completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(complete('help', 'admins', '')).toEqual(['reset-password', 'create', 'list', 'change-role', 'delete']);
    expect(complete('export', 'audit', '--out', '')).toEqual(['FILES']);
  });

  it.skipIf(!has('fish'))('fish: completes commands, flags, enum values, command ids, profiles and help', async () => {
    await makeProfiles();
    const script = join(user.configDir, 'traction.fish');
    writeFileSync(script, (await user.run(['completion', 'fish'])).stdout);
    const complete = (line: string) =>
      execFileSync('fish', ['-c', `function traction; ${asShellFinds} $argv; end; source ${script}; complete -C '${line}'`], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, XDG_CONFIG_HOME: user.configDir },
      })
        .trim()
        .split('\n')
        .map((entry) => entry.split('\t')[0]);
    expect(complete('traction adm')).toEqual(['admins']);
    expect(complete('traction kyc list --status P')).toEqual(['PENDING', 'PROCESSING']);
    expect(complete('traction audit list --command admins.')).toEqual(
      registry
        .map((command) => command.id)
        .filter((id) => id.startsWith('admins.'))
        .sort(),
    );
    expect(complete('traction profiles use ')).toEqual(expect.arrayContaining(['default', 'staging', 'qa']));
    expect(complete('traction completion ')).toEqual(['bash', 'fish', 'zsh']);
    expect(complete('traction help admins l')).toEqual(['list']);
  });
});
