import { BACKGROUND_EXPORT_ROWS, type AnyCommand } from '@traction/core';
import { useBackgroundExport } from '../downloads/useBackgroundExport';
import { Button } from '../ui/Button';
import { useCsvDownload } from './useCsvDownload';

const count = (n: number) => n.toLocaleString('en-NG');

function kilobytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * "Download CSV": the whole filtered result, not only the loaded rows, with rows received so far
 * (of `total` when known) and Cancel while it streams. Beside it "Export in background" starts a
 * job on the server with the same filters, whose file appears in Downloads; above
 * BACKGROUND_EXPORT_ROWS that comes first, as the default, since a stream that long is lost with
 * the tab or the connection. Either can always be chosen.
 */
export function CsvDownload({ command, filters, total }: { command: AnyCommand; filters: Record<string, unknown>; total: number | undefined }) {
  const { state, start, cancel } = useCsvDownload(command);
  const background = useBackgroundExport(command);
  const jobs = command.list?.exportJobs !== false;
  const large = jobs && total !== undefined && total > BACKGROUND_EXPORT_ROWS;

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

  const backgroundButton = (
    <Button
      data-testid="export-background"
      variant={large ? 'primary' : 'ghost'}
      disabled={background.state.phase === 'starting'}
      title="A job on the server writes the file, even if this tab closes; it appears in Downloads."
      onClick={() => void background.start(filters)}
    >
      {background.state.phase === 'starting' ? 'Starting export…' : 'Export in background'}
    </Button>
  );

  return (
    <div className="flex items-center gap-2" data-large-export={large || undefined}>
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
      {background.state.phase === 'failed' ? (
        <span role="alert" data-testid="background-export-error" className="text-red-600 dark:text-red-400">
          {background.state.message}
        </span>
      ) : null}
      {large && jobs ? backgroundButton : null}
      <Button
        data-testid="download-csv"
        title={large ? `Streams all ${count(total ?? 0)} rows to this browser now: keep the tab open until it is saved.` : undefined}
        onClick={() => void start(filters)}
      >
        {large ? 'Download CSV now' : 'Download CSV'}
      </Button>
      {large || !jobs ? null : backgroundButton}
    </div>
  );
}
