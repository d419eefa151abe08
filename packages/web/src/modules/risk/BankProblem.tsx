import { ClientError } from '@traction/core/client';
import { Button } from '../ui/Button';

/** A bank query that failed, said plainly: what went wrong, whether anything changed, what to do. */
export function BankProblem({ error, bankName, onRetry }: { error: Error; bankName: string; onRetry: () => void }) {
  const status = error instanceof ClientError ? error.status : 0;
  const message = error instanceof ClientError ? error.userMessage : error.message;
  const title =
    status === 504
      ? `${bankName} did not answer in time`
      : status === 502 || status === 503
        ? `${bankName} could not answer`
        : status === 400
          ? `${bankName} refused the query`
          : status === 0
            ? 'The server could not be reached'
            : 'The query failed';
  const advice =
    status === 504
      ? 'Banks sometimes slow down at busy hours. Nothing was changed; try again in a few minutes, and tell the payments team if it keeps happening.'
      : status === 502 || status === 503
        ? 'The bank answered with an error of its own. Nothing was changed; try again later.'
        : status === 400
          ? 'Check the details and try again.'
          : null;
  // The server's message often already says whether anything changed and what to do: say it once.
  const saidAlready = /nothing was changed|may have|try again|check /i.test(message);
  const retryable = status === 0 || status >= 500;
  return (
    <div
      role="alert"
      data-testid="bank-problem"
      data-status={status}
      className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      <p className="font-medium">{title}</p>
      <p className="mt-1">{message}</p>
      {advice && !saidAlready ? <p className="mt-1 text-sm opacity-80">{advice}</p> : null}
      {retryable ? (
        <Button className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** While a bank is being asked: how long it may take. */
export function BankWaiting({ bankName }: { bankName: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="bank-waiting"
      className="flex items-center gap-2 rounded-xl border border-zinc-200 p-4 text-zinc-600 dark:border-zinc-800 dark:text-zinc-300"
    >
      <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-zinc-300 border-t-accent-600" />
      Asking {bankName}… banks can take up to 10 seconds to answer.
    </div>
  );
}
