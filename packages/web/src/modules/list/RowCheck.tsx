/**
 * A row's checkbox. Not an <input>: a native checkbox per row costs far more to mount while
 * scrolling, and the grid's keys (x) and the click on the grid already do the work.
 */
export function RowCheck({ index, selected }: { index: number; selected: boolean }) {
  return (
    <span
      role="checkbox"
      data-row-check
      aria-checked={selected}
      aria-label={`Select row ${index + 1}`}
      className="flex size-4 shrink-0 items-center justify-center rounded border border-zinc-400 text-[11px] leading-none text-white aria-checked:border-accent-600 aria-checked:bg-accent-600 dark:border-zinc-500"
    >
      {selected ? '✓' : ''}
    </span>
  );
}
