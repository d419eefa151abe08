import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * One titled part of a record page (a merchant, a KYC record), with an optional count and link on
 * its header row. Wide content (a table) scrolls inside the section rather than widening the page.
 */
export function Section({ name, title, count, aside, children }: { name: string; title: string; count?: number; aside?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  // Checked after every render (rows arrive) and on every resize.
  useEffect(() => focusableWhenScrolling(scroller.current));
  useEffect(() => {
    const box = scroller.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => focusableWhenScrolling(box));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return (
    <section
      aria-labelledby={headingId}
      data-section={name}
      className="min-w-0 rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <header className="flex items-center justify-between gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <h2 id={headingId} className="text-sm font-semibold">
          {title}
          {count !== undefined ? (
            <span className="ml-1.5 font-normal text-zinc-500 tabular-nums dark:text-zinc-400">{count.toLocaleString('en-NG')}</span>
          ) : null}
        </h2>
        {aside}
      </header>
      <div ref={scroller} className="overflow-x-auto">
        {children}
      </div>
    </section>
  );
}

/** Content wider than the section scrolls sideways: the keyboard must then reach it to scroll it (WCAG 2.1.1). */
function focusableWhenScrolling(box: HTMLDivElement | null): void {
  if (!box) return;
  if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
  else box.removeAttribute('tabindex');
}
