import { defineConfig } from 'vitest/config';

// One run covers every package; the e2e suite drives a real Chromium against a real server,
// so it gets a longer budget than the in-memory HTTP tests.
// TRACTION_TEST_SCOPE=database keeps what depends on the database (the server's tests and the CLI's,
// which run against a real server): CI runs everything once on PGlite, as `npm start` does, and
// the PostgreSQL leg only what PostgreSQL could change.
const databaseOnly = process.env.TRACTION_TEST_SCOPE === 'database';
const include = databaseOnly
  ? ['packages/server/src/**/*.test.{ts,tsx}', 'packages/cli/src/**/*.test.{ts,tsx}']
  : ['packages/*/src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts', 'scripts/**/*.test.ts'];

export default defineConfig({
  test: {
    include,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One migrated database per run (a PGlite dump, or a template database on DATABASE_URL's
    // server) that test databases start as copies of: packages/server/src/test/migrated-template.ts.
    globalSetup: ['packages/server/src/test/global-setup.ts'],
    // After every test that moved money the ledger check must pass (packages/server/src/test/ledger-sound.setup.ts).
    setupFiles: ['packages/server/src/test/ledger-sound.setup.ts'],
    // Browser tests poll the page; on a loaded 2-core CI machine a keypress can take seconds to land.
    expect: { poll: { timeout: 10_000 } },
  },
});
