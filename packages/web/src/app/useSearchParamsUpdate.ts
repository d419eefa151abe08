import { useCallback, useLayoutEffect, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

type Change = (current: URLSearchParams) => URLSearchParams;

/**
 * The URL's search params and a way to change them that always starts from the latest ones.
 *
 * React Router's functional `setSearchParams` hands the updater the params of the last render.
 * Navigations render in a transition, so on a busy machine a second change (the status filter,
 * typed right after the type filter) can arrive before that render and silently drop the first.
 * Here every change starts from the params this page last asked for, until the URL moves for
 * another reason (Back, a link, Clear filters on another tab of the page).
 */
export function useSearchParamsUpdate() {
  const [params, setParams] = useSearchParams();
  const asked = useRef<{ latest: string; pending: string[] }>({ latest: params.toString(), pending: [] });
  const rendered = params.toString();
  const lastRendered = useRef(rendered);

  useLayoutEffect(() => {
    if (rendered === lastRendered.current) return;
    lastRendered.current = rendered;
    const mine = asked.current.pending.indexOf(rendered);
    // One of this page's own changes has landed: the ones asked for after it are still on their way.
    if (mine >= 0) asked.current.pending = asked.current.pending.slice(mine + 1);
    else asked.current = { latest: rendered, pending: [] };
    if (asked.current.pending.length === 0) asked.current.latest = rendered;
  }, [rendered]);

  const update = useCallback(
    (change: Change, options: NavigateOptions = { replace: true }) => {
      const next = change(new URLSearchParams(asked.current.latest));
      const text = next.toString();
      asked.current = { latest: text, pending: [...asked.current.pending, text] };
      setParams(next, options);
    },
    [setParams],
  );

  return [params, update] as const;
}
