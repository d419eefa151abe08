import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { startServer } from './start-server';

const port = Number(process.env.PORT ?? 8080);
// Everything the embedded server keeps (the PGlite database, later uploads) lives under one folder.
const dataRoot = process.env.TRACTION_DATA_DIR ?? '.traction';
const dataDir = `${dataRoot}/pglite`;
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });

const running = await startServer({
  port,
  // Loopback unless told otherwise: a container sets HOST=0.0.0.0.
  host: process.env.HOST,
  dataDir,
  databaseUrl: process.env.DATABASE_URL,
  logger,
  demo: process.env.TRACTION_DEMO !== 'false',
  ...(process.env.TRACTION_DEMO_MERCHANTS ? { demoMerchants: Number(process.env.TRACTION_DEMO_MERCHANTS) } : {}),
  ...(process.env.TRACTION_DEMO_PAYMENTS ? { demoPayments: Number(process.env.TRACTION_DEMO_PAYMENTS) } : {}),
  ...(process.env.TRACTION_DEMO_TERMINALS ? { demoTerminals: Number(process.env.TRACTION_DEMO_TERMINALS) } : {}),
  ...(process.env.TRACTION_DEMO_SALES ? { demoSales: Number(process.env.TRACTION_DEMO_SALES) } : {}),
  config: { webDistDir: fileURLToPath(new URL('../../web/dist', import.meta.url)) },
}).catch((error: unknown) => {
  // A refusal to start (sandboxes in production, a missing variable) says what to set: show
  // that line on its own, not only inside a stack trace.
  logger.fatal({ err: error }, 'Traction Admin did not start');
  process.stderr.write(`\n  Traction Admin did not start: ${error instanceof Error ? error.message : String(error)}\n\n`);
  process.exit(1);
});

logger.info(
  { url: running.url, database: running.database.kind, location: running.database.location, migrations: running.migrations },
  'Traction Admin is listening',
);
const { bootstrap } = running;
const lines = [
  '',
  `  Traction Admin is running at ${running.url}`,
  `  Database: ${running.database.kind === 'pglite' ? `embedded PGlite in ${running.database.location}` : `PostgreSQL ${running.database.location}`}`,
  `  API reference: ${running.url}/docs (the document itself: ${running.url}/openapi.json)`,
  '',
  `  Sign in as ${bootstrap.email}` +
    (bootstrap.generatedPassword
      ? ` with the one-time password ${bootstrap.generatedPassword}`
      : bootstrap.created
        ? ' with TRACTION_ADMIN_PASSWORD'
        : ' (created on an earlier start; its password was printed then)'),
  running.deps.providers.email.name === 'sandbox'
    ? '  A new device is confirmed by a 4-character code: the sandbox mailer prints it in this log ("[sandbox email]").'
    : '  A new device is confirmed by a 4-character code sent by email.',
  ...running.warnings.map((warning) => `\n  WARNING: ${warning}`),
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    running
      .close()
      .then(() => process.exit(0))
      .catch((error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}
