import { defineConfig } from 'vitest/config';

// One run covers every package; the e2e suite drives a real Chromium against a real server,
// so it gets a longer budget than the in-memory HTTP tests.
// TRACTION_BROWSER_TESTS=skip leaves the browser suite out: CI runs it once (on PGlite, as `npm start`
// does) and the PostgreSQL leg covers only what depends on the database.
const browser = process.env.TRACTION_BROWSER_TESTS === 'skip' ? [] : ['e2e/**/*.test.ts'];

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', ...browser, 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // After every test that moved money the ledger check must pass (packages/server/src/test/ledger-sound.setup.ts).
    setupFiles: ['packages/server/src/test/ledger-sound.setup.ts'],
    // Browser tests poll the page; on a loaded 2-core CI machine a keypress can take seconds to land.
    expect: { poll: { timeout: 10_000 } },
  },
});
