/**
 * A server in a process of its own, for tests that kill it (`kill -9`) and start another on the
 * same database. Options come as JSON in argv[2]; the URL is printed as one JSON line.
 */
import pino from 'pino';
import { startServer } from '../start-server';

const options = JSON.parse(process.argv[2] ?? '{}') as { dataDir: string; databaseUrl?: string; env: Record<string, string> };
const running = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir: options.dataDir,
  ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
  env: options.env,
  logger: pino({ level: 'silent' }),
  demo: options.env.TRACTION_DEMO === 'true',
  ...(options.env.TRACTION_DEMO_MERCHANTS ? { demoMerchants: Number(options.env.TRACTION_DEMO_MERCHANTS) } : {}),
  // Crash tests move money, not terminals: a small fleet keeps their starts quick.
  demoTerminals: Number(options.env.TRACTION_DEMO_TERMINALS ?? 200),
});
process.stdout.write(`${JSON.stringify({ url: running.url.replace('localhost', '127.0.0.1') })}\n`);
