import { getEventListeners } from 'node:events';
import { EXIT } from './exit-codes';
import { runCli } from './run-cli';

// React reads NODE_ENV when the first screen loads it; the CLI wants its production build.
process.env.NODE_ENV ??= 'production';

/**
 * Ctrl+C: work that can stop at a safe point (a bulk run finishing its rows in flight, an
 * export discarding its temporary file) listens to the signal and winds down; anything else
 * stops at once. A second Ctrl+C always stops at once.
 */
const interruption = new AbortController();
let interrupts = 0;
const onSignal = () => {
  interrupts += 1;
  if (interrupts > 1) process.exit(EXIT.interrupted);
  // Counted before aborting: listeners added with { once: true } are gone once it fires.
  const listening = getEventListeners(interruption.signal, 'abort').length > 0;
  interruption.abort();
  if (!listening) process.exit(EXIT.interrupted);
};
process.on('SIGINT', onSignal);
// `traction audit list --json | head`: the reader has all it wants; stop quietly, as Unix tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(EXIT.ok);
    throw error;
  });
}
process.on('SIGTERM', onSignal);

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
  signal: interruption.signal,
});
