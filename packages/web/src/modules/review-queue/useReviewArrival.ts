import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusHome } from '../keyboard/focusHome';
import type { ReviewArrival } from './ReviewArrival';

/**
 * What the queue said when it opened this page (the decision just made), or null. Once the page
 * is `ready`, focus goes where the next decision is made: the element marked `data-focus-home`
 * (a record's decision buttons), else the table. Once per arrival, and never from under a dialog.
 */
export function useReviewArrival(ready: boolean): string | null {
  const location = useLocation();
  const arrival = (location.state as { reviewArrival?: ReviewArrival } | null)?.reviewArrival;
  const focused = useRef<string | null>(null);
  const focus = ready && arrival?.focus === true && focused.current !== location.key;
  const { key } = location;
  useEffect(() => {
    if (!focus) return;
    // After the page has settled (a dialog that just closed gives focus back first).
    const timer = setTimeout(() => {
      if (document.querySelector('[role="dialog"]')) return;
      focused.current = key;
      focusHome();
    }, 0);
    return () => clearTimeout(timer);
  }, [focus, key]);
  return arrival?.notice ?? null;
}
