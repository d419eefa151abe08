import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from './Button';
import { linkClass } from './linkClass';
import type { Toast } from './toastsAtom';
import { toastsAtom } from './toastsAtom';
import { useToast } from './useToast';

const TONES: Record<Toast['tone'], string> = {
  info: 'border-zinc-200 bg-white dark:border-zinc-700 dark:bg-zinc-900',
  good: 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950',
  bad: 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950',
};

function ToastItem({ toast }: { toast: Toast }) {
  const { dismiss } = useToast();
  useEffect(() => {
    if (toast.timeoutMs === null) return;
    const timer = setTimeout(() => dismiss(toast.id), toast.timeoutMs);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  return (
    <div
      // Failures interrupt a screen reader; other news waits for a pause.
      role={toast.tone === 'bad' ? 'alert' : 'status'}
      data-toast={toast.id}
      data-tone={toast.tone}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-3 text-sm shadow-lg ${TONES[toast.tone]}`}
    >
      <p className="min-w-0 flex-1 wrap-anywhere">{toast.message}</p>
      <div className="flex shrink-0 items-center gap-2">
        {toast.action ? (
          <Button
            variant="primary"
            onClick={() => {
              dismiss(toast.id);
              void toast.action?.run();
            }}
          >
            {toast.action.label}
          </Button>
        ) : null}
        {toast.link ? (
          <Link className={linkClass} to={toast.link.to} onClick={() => dismiss(toast.id)}>
            {toast.link.label}
          </Link>
        ) : null}
        <Button variant="ghost" aria-label="Close" onClick={() => dismiss(toast.id)}>
          ×
        </Button>
      </div>
    </div>
  );
}

/** The toasts of `toastsAtom`, in the bottom corner; mounted once in the shell. */
export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <section aria-label="Notifications" className="pointer-events-none fixed right-4 bottom-4 z-40 flex w-[min(28rem,calc(100vw-2rem))] flex-col gap-2">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}
