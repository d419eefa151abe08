import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The import boundaries of docs/architecture.md are noRestrictedImports rules in biome.jsonc,
// scoped by folder. Each fixture in lint-fixtures/ is written, under the path it stands for, into
// a throwaway tree next to a copy of the real biome.jsonc and linted there, so the rules are
// tested as configured and the fixtures never take part in the repository's own lint or build.

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = join(root, 'scripts/lint-fixtures');
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

/** [fixture, path it is linted as] */
const forbidden: [string, string][] = [
  ['web-imports-server-sources', 'packages/web/src/modules/lint-fixture.ts'],
  ['imports-server-package', 'packages/web/src/lint-fixture.ts'],
  ['imports-server-package', 'packages/cli/src/services/lint-fixture.ts'],
  ['core-imports-web', 'packages/core/src/format/lint-fixture.ts'],
  ['domain-imports-domain-internals', 'packages/server/src/domains/risk/lint-fixture.ts'],
  ['http-imports-domain-internals', 'packages/server/src/http/lint-fixture.ts'],
  ['http-imports-domain-internals', 'packages/server/src/middleware/lint-fixture.ts'],
  ['ground-imports-pipeline', 'packages/server/src/db/lint-fixture.ts'],
  ['ground-imports-pipeline', 'packages/server/src/providers/lint-fixture.ts'],
  ['handling-imports-domain', 'packages/server/src/handling/lint-fixture.ts'],
  ['config-imports-domain', 'packages/server/src/config.ts'],
];

const allowed: [string, string][] = [
  ['web-imports-core', 'packages/web/src/modules/lint-fixture.ts'],
  // The CLI's tests start a real server through its package entry points.
  ['imports-server-package', 'packages/cli/src/services/lint-fixture.test.ts'],
  ['domain-imports-domain-index', 'packages/server/src/domains/risk/lint-fixture.ts'],
  ['http-imports-domain-index', 'packages/server/src/http/lint-fixture.ts'],
];

interface Diagnostic {
  category: string;
  severity: string;
  location: { path: string };
}

const trees: string[] = [];
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

/** Lints the fixtures placed at their paths with the repository's configuration. */
function lint(cases: [string, string][]): { status: number | null; diagnostics: Diagnostic[] } {
  const tree = mkdtempSync(join(tmpdir(), 'traction-lint-'));
  trees.push(tree);
  copyFileSync(join(root, 'biome.jsonc'), join(tree, 'biome.jsonc'));
  for (const [fixture, path] of cases) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), readFileSync(join(fixtures, `${fixture}.ts.fixture`)));
  }
  const run = spawnSync(
    process.execPath,
    [biome, 'lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', ...cases.map(([, path]) => path)],
    {
      cwd: tree,
      encoding: 'utf8',
    },
  );
  const report = run.stdout.split('\n').find((line) => line.startsWith('{'));
  if (!report) throw new Error(`biome printed no report (exit ${run.status}): ${run.stderr}`);
  return { status: run.status, diagnostics: (JSON.parse(report) as { diagnostics: Diagnostic[] }).diagnostics };
}

describe('import boundaries (biome.jsonc)', () => {
  it('refuses every forbidden import, as an error', () => {
    const { status, diagnostics } = lint(forbidden);
    expect(status).not.toBe(0);
    for (const [fixture, path] of forbidden) {
      const found = diagnostics.filter((diagnostic) => diagnostic.location.path === path);
      expect(
        found.map(({ category, severity }) => `${category} ${severity}`),
        `${fixture} as ${path}`,
      ).toEqual(['lint/style/noRestrictedImports error']);
    }
  });

  it('passes the imports the layers allow', () => {
    // Linted one tree per case: two fixtures may stand for the same path.
    for (const [fixture, path] of allowed) {
      const { status, diagnostics } = lint([[fixture, path]]);
      expect(diagnostics, `${fixture} as ${path}`).toEqual([]);
      expect(status, `${fixture} as ${path}`).toBe(0);
    }
  });
});
