import { useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { type Toast, toastsAtom } from './toastsAtom';

/** Toasts kept at once: older ones give way, so a burst of news never fills the screen. */
const MOST_SHOWN = 5;
/** How long an info toast stays unless told otherwise. */
const DEFAULT_TIMEOUT_MS = 8_000;

let lastToastId = 0;

export type ToastRequest = Omit<Toast, 'id' | 'timeoutMs'> & { timeoutMs?: number | null };

/** Shows and closes toasts from anywhere under the shell. */
export function useToast() {
  const setToasts = useSetAtom(toastsAtom);
  const show = useCallback(
    (request: ToastRequest): number => {
      const id = ++lastToastId;
      const toast: Toast = { ...request, id, timeoutMs: request.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : request.timeoutMs };
      setToasts((current) => [...current, toast].slice(-MOST_SHOWN));
      return id;
    },
    [setToasts],
  );
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), [setToasts]);
  return useMemo(() => ({ show, dismiss }), [show, dismiss]);
}
