import type { AppDeps } from '../deps';
import { exportWriteJob } from '../domains/exports/export-write-job';
import { listImplementation } from '../handlers';

/**
 * Starts writing an export as its job would and stops it once its rows are frozen and `parts`
 * parts are written, as a server killed halfway would leave it: tests outside the server then
 * restart a server and watch the queued job carry on.
 */
export async function writeExportPartly(deps: AppDeps, exportId: number, parts = 0): Promise<void> {
  const stop = new AbortController();
  let reports = 0;
  await exportWriteJob(listImplementation).run({
    id: 0,
    kind: 'exports.write',
    payload: { exportId },
    attempt: 1,
    deps,
    signal: stop.signal,
    // The first report is the freeze; each after it a part.
    progress: async () => {
      reports += 1;
      if (reports > parts) stop.abort();
    },
  });
}
