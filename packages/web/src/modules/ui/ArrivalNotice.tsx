/**
 * What the server said when a command opened a run's page (`useArrivalNotice`), above its status;
 * nothing when there is none.
 */
export function ArrivalNotice({ notice }: { notice: string | undefined }) {
  if (!notice) return null;
  return (
    <p role="status" data-testid="run-notice" className="rounded-md bg-emerald-50 p-2.5 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200">
      {notice}
    </p>
  );
}
