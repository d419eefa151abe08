import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

interface Held {
  notice: string;
  /** When it arrived: only a record read after it tells the state it was said about. */
  at: number;
  /** The record's status it was said about, once read. */
  about?: string;
}

/**
 * What the server said when a command opened this page (history state `notice`), shown while
 * the record stays in the state it was said about: once it moves on (approved, finished) the
 * sentence is stale and goes. It is taken out of the history entry, so a reload does not repeat
 * it; a command run on the page itself brings a new one.
 */
export function useArrivalNotice(status: string | undefined, readAt: number): string | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = (location.state as { notice?: string } | null)?.notice;
  const [held, setHeld] = useState<Held | null>(null);
  useEffect(() => {
    if (incoming === undefined) return;
    setHeld({ notice: incoming, at: Date.now() });
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [incoming, navigate, location.pathname, location.search]);
  useEffect(() => {
    if (held && held.about === undefined && status !== undefined && readAt >= held.at) setHeld({ ...held, about: status });
  }, [held, status, readAt]);
  if (!held) return incoming;
  return held.about === undefined || held.about === status ? held.notice : undefined;
}
