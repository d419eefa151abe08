import { makePgliteSnapshot, makeTemplateDatabase, PGLITE_SNAPSHOT_ENV, TEMPLATE_DATABASE_ENV } from './migrated-template';

/**
 * vitest's global setup (vitest.config.ts): migrates one database before any test file runs, a
 * PGlite dump or, with DATABASE_URL, a template database on that server, and names it to the test
 * processes (started after this, with this process's environment). Test databases start as
 * copies of it (test/test-database.ts). Removed again when the run ends.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await makeTemplateDatabase(serverUrl);
    process.env[TEMPLATE_DATABASE_ENV] = template.name;
    return async () => {
      delete process.env[TEMPLATE_DATABASE_ENV];
      await template.drop();
    };
  }
  const snapshot = await makePgliteSnapshot();
  process.env[PGLITE_SNAPSHOT_ENV] = snapshot.path;
  return async () => {
    delete process.env[PGLITE_SNAPSHOT_ENV];
    snapshot.remove();
  };
}
