import { formatNaira, type AnyCommand, type ListColumn } from '@traction/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { useCommandQuery } from './useCommandQuery';

function cell(column: ListColumn, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (column.kind === 'datetime') return new Date(String(value)).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
  if (column.kind === 'money') return formatNaira(BigInt(value as string));
  if (column.kind === 'tags' && Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v && 'name' in v ? v.name : String(v))).join(', ') || '—';
  return String(value);
}

/** One page of a list command with its search kept in the URL. */
export function SimpleListPage({ command, title }: { command: AnyCommand; title: string }) {
  const [params, setParams] = useSearchParams();
  const list = command.list!;
  const input = Object.fromEntries(params.entries());
  const query = useCommandQuery(command, input);
  const data = query.data as { items: Record<string, unknown>[]; total: number } | undefined;
  return (
    <div>
      <PageHeader title={title} description={data ? `${data.total.toLocaleString('en-NG')} matching` : undefined} />
      {list.searchField ? (
        <input
          type="search"
          placeholder="Search"
          data-page-search
          defaultValue={params.get(list.searchField) ?? ''}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            if (e.target.value) next.set(list.searchField!, e.target.value);
            else next.delete(list.searchField!);
            setParams(next, { replace: true });
          }}
          className="mb-3 h-9 w-full max-w-xs rounded-md border border-zinc-300 bg-white px-2.5 dark:border-zinc-700 dark:bg-zinc-900"
        />
      ) : null}
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <p role="alert" className="text-red-600">{(query.error as Error).message}</p>
      ) : data && data.items.length === 0 ? (
        <p className="py-10 text-center text-zinc-500">Nothing matches.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <table role="grid" className="w-full text-left">
            <thead className="border-b border-zinc-200 text-xs text-zinc-500 dark:border-zinc-800">
              <tr>{list.columns.map((c) => <th key={c.key} className="px-3 py-2 font-medium whitespace-nowrap">{c.label}</th>)}</tr>
            </thead>
            <tbody>
              {data?.items.map((row, index) => (
                <tr key={String(row[list.rowKey])} data-row-index={index} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
                  {list.columns.map((c) => <td key={c.key} className="px-3 py-1.5 whitespace-nowrap">{cell(c, row[c.key])}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
