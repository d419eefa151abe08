import type { ReactNode } from 'react';

/**
 * The frame of a public form (no sign-in): centred and branded like the sign-in page, no sidebar,
 * a little wider for forms longer than two fields.
 */
export function PublicFormCard({ title, intro, page, children }: { title: string; intro: ReactNode; page: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center p-4" data-page={page}>
      <div className="w-full max-w-lg rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <p className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Traction</p>
        <h1 className="text-lg font-semibold">{title}</h1>
        <div className="mb-5 text-zinc-500 dark:text-zinc-400">{intro}</div>
        {children}
      </div>
    </main>
  );
}
