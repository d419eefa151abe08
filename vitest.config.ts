import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every package; the e2e suite drives a real Chromium against a real server,
// so it gets a longer budget than the in-memory HTTP tests.
// TRACTION_TEST_SCOPE=database keeps what depends on the database (the server's tests and the CLI's,
// which run against a real server): CI runs everything once on PGlite, as `npm start` does, and
// the PostgreSQL leg only what PostgreSQL could change.
const databaseOnly = process.env.TRACTION_TEST_SCOPE === 'database';

// One migrated database per run (a PGlite dump, or a template database on DATABASE_URL's server)
// that test databases start as copies of, instead of running initdb and the migrations each time:
// packages/server/src/test/migrated-template.ts. Made once for the projects that open databases.
const migratedTemplate = 'packages/server/src/test/global-setup.ts';
// The browser tests' demo data set, seeded once per run for every file's server to start from a copy of.
const demoSnapshot = 'e2e/demo-snapshot.ts';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on CI's 2-core machine, where
    // much of a test's time is spent waiting (on Chromium, a child server, a timer) and the
    // other core idles.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // After every test that moved money the ledger check must pass (packages/server/src/test/ledger-sound.setup.ts).
    setupFiles: ['packages/server/src/test/ledger-sound.setup.ts'],
    // Browser tests poll the page; on a loaded 2-core CI machine a keypress can take seconds to land.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      // The server's, the CLI's and the browser tests run a worker's files one after another in
      // one long-lived process (isolate: false). A new process for each file paid again for
      // Node's start, for importing the server and compiling PGlite's WASM, and ran every file on
      // cold code: about 4 s of CPU a file. Each file opens its own databases and servers and
      // closes them; setup files still run for every file.
      {
        extends: true,
        test: { name: 'server', include: ['packages/server/src/**/*.test.{ts,tsx}'], isolate: false, globalSetup: [migratedTemplate] },
      },
      // Ink reads CI once, when it is first imported (see src/test/harness.ts): set here for the
      // whole project, it is the same whichever file of a worker imports Ink first.
      {
        extends: true,
        test: { name: 'cli', include: ['packages/cli/src/**/*.test.{ts,tsx}'], isolate: false, env: { CI: 'false' }, globalSetup: [migratedTemplate] },
      },
      ...(databaseOnly
        ? []
        : [
            { extends: true as const, test: { name: 'e2e', include: ['e2e/**/*.test.ts'], isolate: false, globalSetup: [migratedTemplate, demoSnapshot] } },
            // The console's components (happy-dom, set per file), core and the lint rules: a process per file, as before.
            {
              extends: true as const,
              test: { name: 'units', include: ['packages/core/src/**/*.test.{ts,tsx}', 'packages/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'] },
            },
          ]),
    ],
  },
});
