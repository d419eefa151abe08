import { useId, useRef, type ReactNode } from 'react';
import { useFocusableWhenScrolling } from './useFocusableWhenScrolling';

/**
 * One titled part of a record page (a merchant, a KYC record), with an optional count and link on
 * its header row. Wide content (a table) scrolls inside the section rather than widening the page;
 * with `maxHeight` (a Tailwind class, `max-h-96`) long content scrolls inside it too. A table sits
 * flush with the border; `padded` content (facts, text, photos) keeps off it.
 */
export function Section({
  name,
  title,
  count,
  aside,
  maxHeight,
  padded = false,
  children,
}: {
  name: string;
  title: string;
  count?: number;
  aside?: ReactNode;
  maxHeight?: string;
  padded?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  useFocusableWhenScrolling(scroller);
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
      <div ref={scroller} className={`overflow-x-auto${maxHeight ? ` ${maxHeight} overflow-y-auto` : ''}${padded ? ' p-3' : ''}`}>
        {children}
      </div>
    </section>
  );
}
