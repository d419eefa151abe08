import { useEffect, useState } from 'react';
import { Button } from '../ui/Button';
import { reportRenderError, type ReportOutcome } from './reportRenderError';

/**
 * What an admin sees when a page fails to show (or to load): what happened, what to do, and the
 * reference of the report sent to the engineers when reporting is on (spec §8). Plain links and a
 * full reload, so it works even when the router or the shell is what broke.
 */
export function RenderErrorPage({ error, route, standalone }: { error: unknown; route: string; standalone?: boolean }) {
  const [outcome, setOutcome] = useState<ReportOutcome | 'sending'>('sending');
  useEffect(() => {
    console.error(error);
    let current = true;
    void reportRenderError(error, route).then((result) => {
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [error, route]);

  const body = (
    <div data-page="render-error" className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-lg font-semibold">This page stopped working</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">The console hit an unexpected problem while showing this page.</p>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        Reload the page to try again. If it keeps happening, go to Quick Access and tell the engineers which page it was and what you did just before.
      </p>
      <p
        className="mt-2 text-sm text-zinc-600 dark:text-zinc-400"
        data-report={outcome === 'sending' ? 'sending' : outcome.sent ? 'sent' : 'not-sent'}
        aria-live="polite"
      >
        {outcome !== 'sending' && outcome.sent ? `A report has gone to the engineers: quote reference ${outcome.reference}.` : null}
      </p>
      <div className="mt-4 flex justify-center gap-2">
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <a href="/quick-access" className="inline-flex h-8 items-center px-3 text-sm text-accent-700 underline dark:text-accent-400">
          Go to Quick Access
        </a>
      </div>
    </div>
  );
  return standalone ? <main className="min-h-screen p-6">{body}</main> : body;
}
