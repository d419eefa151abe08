/** The path of a `dumpDataDir()` tarball of a database seeded with the browser tests' demo data set. */
export const DEMO_SNAPSHOT_ENV = 'TRACTION_E2E_DEMO_SNAPSHOT';
/** The folder of that database's uploads (the demo merchants' KYC documents). */
export const DEMO_UPLOADS_ENV = 'TRACTION_E2E_DEMO_UPLOADS';
