/** Shown while a page part loads. */
export function PageSpinner() {
  return (
    <div role="status" aria-live="polite" className="flex h-40 items-center justify-center text-zinc-500">
      <span className="mr-2 size-4 animate-spin rounded-full border-2 border-zinc-300 border-t-accent-600" />
      Loading…
    </div>
  );
}
