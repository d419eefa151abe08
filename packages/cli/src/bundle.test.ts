import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../bin/build.js';
import { EXIT } from './exit-codes';
import { BIN, cliUser } from './test/harness';

/** Packages and files a bundle file imports statically (what loading it loads), following local chunks. */
function staticImports(entry: string): { packages: Set<string>; files: Set<string> } {
  const packages = new Set<string>();
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?"([^"]+)";/gm)) {
      const specifier = match[1]!;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
    }
  };
  visit(entry);
  return { packages, files };
}

describe('the bundle the bin runs', () => {
  it('starts without zod, React, Ink, the HTTP client or the CSV libraries: schemas, screens and services load when a command needs them', async () => {
    const entry = await ensureBuilt();
    expect(entry).toBeDefined();
    const { packages } = staticImports(entry!);
    // commander is bundled (bin/build.js), so the start loads no package from node_modules at all.
    expect([...packages].filter((name) => !name.startsWith('node:'))).toEqual([]);
    const source = readFileSync(entry!, 'utf8');
    expect(source).toMatch(/import\("\.\/chunks\/screens-[^"]+\.js"\)|import\("\.\/chunks\/run-command-/);
  });

  // The bundle builds its tree from the registry as data made at build time; the sources from the
  // registry itself. Both must be the same program.
  const user = cliUser('http://127.0.0.1:9');
  afterAll(() => user.remove());
  const bin = (argv: readonly string[]) => {
    const result = spawnSync(process.execPath, [BIN, ...argv], {
      env: { PATH: process.env.PATH, XDG_CONFIG_HOME: user.configDir, TRACTION_API_URL: 'http://127.0.0.1:9' },
      encoding: 'utf8',
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  it.each([[['--help']], [['admins', 'create', '--help']], [['bulk', 'fraud', 'update', '--help']], [['export', 'audit', '--help']], [['completion', 'bash']]])(
    'prints what the sources print for traction %j',
    async (argv) => {
      const sources = await user.run(argv, { env: { TERM: undefined } });
      expect(bin(argv)).toEqual({ code: sources.code, stdout: sources.stdout, stderr: sources.stderr });
    },
  );

  it("loads a command's schemas when it runs: zod judges the flags, then the session is looked for", () => {
    expect(bin(['admins', 'list', '--role', 'boss'])).toMatchObject({ code: EXIT.usage, stderr: expect.stringContaining('--role: Invalid option') });
    expect(bin(['admins', 'list', '--role', 'ADMIN'])).toMatchObject({
      code: EXIT.notSignedIn,
      stderr: expect.stringContaining('Not signed in to http://127.0.0.1:9'),
    });
  });
});
