import { useEffect, useRef, useState } from 'react';

/**
 * A text field's draft, committed after `delayMs` without typing. The committed value (from the
 * URL) wins whenever it changes from outside — Clear filters, Back — unless a commit is pending.
 */
export function useDebouncedInput(committed: string, commit: (value: string) => void, delayMs = 250) {
  const [draft, setDraft] = useState(committed);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    if (timer.current === undefined) setDraft(committed);
  }, [committed]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (value: string) => {
    setDraft(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      commitRef.current(value);
    }, delayMs);
  };

  /** Commits at once (Enter). */
  const flush = () => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    commitRef.current(draft);
  };

  return { draft, change, flush };
}
