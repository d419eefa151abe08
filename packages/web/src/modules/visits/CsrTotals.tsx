import type { listCsrDeployments, listCsrOnboarded } from '@traction/core';
import { useSearchParams } from 'react-router';
import { useCommandQuery } from '../list/useCommandQuery';

/**
 * Totals per CSR over the dates the list is filtered to, and for all CSRs: the list itself counts
 * per person and period, this is the same count over the whole range (the command's `ALL` period).
 */
export function CsrTotals({ command, noun }: { command: typeof listCsrOnboarded | typeof listCsrDeployments; noun: string }) {
  const [params] = useSearchParams();
  const csrId = Number(params.get('csrId'));
  const input = {
    period: 'ALL' as const,
    limit: 100,
    ...(params.get('startdatetime') ? { startdatetime: params.get('startdatetime')! } : {}),
    ...(params.get('enddatetime') ? { enddatetime: params.get('enddatetime')! } : {}),
    ...(Number.isSafeInteger(csrId) && csrId > 0 ? { csrId } : {}),
  };
  const totals = useCommandQuery(command, input);
  const rows = totals.data?.items ?? [];
  if (totals.isError || !totals.data) return null;
  const all = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <section aria-label="Totals per CSR" data-testid="csr-totals" className="flex flex-wrap gap-2 text-sm">
      {rows.map((row) => (
        <span key={row.csrId} data-csr-id={row.csrId} className="rounded-md border border-zinc-200 px-2 py-1 dark:border-zinc-800">
          {row.csrName}: <strong>{row.count.toLocaleString('en-NG')}</strong>
        </span>
      ))}
      <span data-testid="csr-grand-total" className="rounded-md bg-zinc-100 px-2 py-1 dark:bg-zinc-800">
        All CSRs: <strong>{all.toLocaleString('en-NG')}</strong> {noun}
      </span>
    </section>
  );
}
