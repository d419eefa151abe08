import { type ResultContext, summarizeOutput } from './summarizeOutput';

const MAX_SKIPPED_SHOWN = 10;

/** What a command answered, in a few lines: its message, bulk counts and skipped rows, and what changed. */
export function CommandResult({ output, context }: { output: unknown; context?: ResultContext }) {
  const summary = summarizeOutput(output, context);
  return (
    <div data-testid="command-result" role="status" className="space-y-2">
      <p data-result-message className="font-medium text-accent-700 dark:text-accent-300">
        {summary.message ?? 'Done.'}
      </p>
      {summary.bulk ? (
        <div data-bulk-result>
          <p>
            Changed <strong>{summary.bulk.changed}</strong> of {summary.bulk.matched} matched
            {summary.bulk.skipped.length > 0 ? `; ${summary.bulk.skipped.length} skipped` : ''}.
          </p>
          {summary.bulk.skipped.length > 0 ? (
            <ul className="mt-1 max-h-40 overflow-y-auto text-xs text-zinc-600 dark:text-zinc-400">
              {summary.bulk.skipped.slice(0, MAX_SKIPPED_SHOWN).map((skip) => (
                <li key={skip.id} data-skipped-id={skip.id}>
                  {skip.name}: {skip.reason}
                </li>
              ))}
              {summary.bulk.skipped.length > MAX_SKIPPED_SHOWN ? <li>…and {summary.bulk.skipped.length - MAX_SKIPPED_SHOWN} more</li> : null}
            </ul>
          ) : null}
        </div>
      ) : null}
      {summary.rows.length > 0 ? (
        <dl className="grid max-h-64 grid-cols-[auto_1fr] gap-x-4 gap-y-1 overflow-y-auto text-xs">
          {summary.rows.map(([label, text]) => (
            <div key={label} className="contents">
              <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
              <dd className="min-w-0 break-words">{text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
