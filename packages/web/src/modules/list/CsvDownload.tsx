import type { AnyCommand } from '@traction/core';
import { Button } from '../ui/Button';
import { useCsvDownload } from './useCsvDownload';

const count = (n: number) => n.toLocaleString('en-NG');

function kilobytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * "Download CSV": the whole filtered result, not only the loaded rows, with rows received so far
 * (of `total` when known) and Cancel while it streams.
 */
export function CsvDownload({ command, filters, total }: { command: AnyCommand; filters: Record<string, unknown>; total: number | undefined }) {
  const { state, start, cancel } = useCsvDownload(command);

  if (state.phase === 'running') {
    const share = total ? Math.min(1, state.rows / total) : undefined;
    return (
      <div data-testid="csv-progress" className="flex items-center gap-2" role="status" aria-live="polite">
        <span className="text-zinc-600 tabular-nums dark:text-zinc-400">
          {count(state.rows)}
          {total !== undefined ? ` of ${count(total)}` : ''} rows · {kilobytes(state.bytes)}
        </span>
        {share !== undefined ? <progress max={1} value={share} aria-label="CSV download progress" className="h-1.5 w-24 accent-accent-600" /> : null}
        <Button onClick={cancel}>Cancel</Button>
      </div>
    );
  }

  return (
    <div className="flex items-center gap-2">
      {state.phase === 'done' ? (
        <span data-testid="csv-result" data-rows={state.rows} className="text-zinc-500 dark:text-zinc-400" role="status">
          Saved {count(state.rows)} rows
        </span>
      ) : null}
      {state.phase === 'failed' ? (
        <span role="alert" className="text-red-600 dark:text-red-400">
          {state.message}
        </span>
      ) : null}
      <Button data-testid="download-csv" onClick={() => void start(filters)}>
        Download CSV
      </Button>
    </div>
  );
}
