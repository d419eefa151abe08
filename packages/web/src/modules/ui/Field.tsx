import type { ReactNode } from 'react';

/** One labelled value of a record's description list (`<dl>`); — when there is nothing to show. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      {/* Long unbroken values (emails, wallet ids) wrap anywhere rather than widen a narrow column. */}
      <dd className="wrap-anywhere">{children || '—'}</dd>
    </div>
  );
}
