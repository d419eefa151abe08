import { compareSheetVersions, type CommandOutput, listSheetVersions, type SheetSource } from '@traction/core';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useShortcut } from '../keyboard/useShortcut';
import { useCommandQuery } from '../list/useCommandQuery';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { Section } from '../ui/Section';
import { ShortcutKey } from '../ui/ShortcutKey';

type Comparison = CommandOutput<typeof compareSheetVersions>;
type Row = Comparison['added'][number];
type Column = Comparison['columns'][number];

const selectClass = 'rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900';

function KeyCell({ row }: { row: Row }) {
  return row.terminalId !== null ? (
    <Link to={`/terminals/${row.terminalId}`} className={linkClass}>
      {row.key}
    </Link>
  ) : (
    row.key
  );
}

/** The key, then the sheet's columns. */
function ColumnsHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead className="text-xs text-zinc-500">
      <tr>
        <th scope="col" className="px-3 py-1.5 font-medium">
          Key
        </th>
        {columns.map((column) => (
          <th key={column.key} scope="col" className="px-3 py-1.5 font-medium">
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Rows only one version has, every cell shown. */
function RowsTable({ rows, columns, label }: { rows: readonly Row[]; columns: readonly Column[]; label: string }) {
  if (rows.length === 0) return <p className="p-3 text-zinc-500">None.</p>;
  return (
    <table className="w-full text-left text-sm" aria-label={label}>
      <ColumnsHead columns={columns} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-zinc-100 dark:border-zinc-800">
            <td className="px-3 py-1">
              <KeyCell row={row} />
            </td>
            {columns.map((column) => (
              <td key={column.key} className="px-3 py-1">
                {row.cells[column.key] ?? ''}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Rows both versions have with some cell changed: each cell before → after, the changed ones marked. */
function ChangedTable({ changed, columns }: { changed: Comparison['changed']; columns: readonly Column[] }) {
  if (changed.length === 0) return <p className="p-3 text-zinc-500">None.</p>;
  return (
    <table className="w-full text-left text-sm" aria-label="Changed rows">
      <ColumnsHead columns={columns} />
      <tbody>
        {changed.map((change) => (
          <tr key={change.key} className="border-t border-zinc-100 align-top dark:border-zinc-800">
            <td className="px-3 py-1">
              <KeyCell row={change.after} />
            </td>
            {columns.map((column) => {
              const was = change.before.cells[column.key] ?? '';
              const now = change.after.cells[column.key] ?? '';
              const differs = change.changedColumns.includes(column.key);
              return (
                <td key={column.key} data-changed={differs || undefined} className={differs ? 'bg-amber-50 px-3 py-1 dark:bg-amber-950/40' : 'px-3 py-1'}>
                  {differs ? (
                    <>
                      <del className="text-red-700 dark:text-red-300">{was || '(empty)'}</del>
                      <span aria-hidden> → </span>
                      <ins className="text-green-700 no-underline dark:text-green-300">{now || '(empty)'}</ins>
                    </>
                  ) : (
                    now
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Two versions of a sheet compared by key: rows added, removed and changed (the changed cells
 * marked, before → after). By default the latest against the one before it; f and t move to the
 * version boxes.
 */
export function SheetCompareView({ source, title }: { source: SheetSource; title: string }) {
  const [params, setParams] = useSearchParams();
  const versions = useCommandQuery(listSheetVersions, { source });
  const items = versions.data?.items ?? [];
  const fromBox = useRef<HTMLSelectElement>(null);
  const toBox = useRef<HTMLSelectElement>(null);
  useShortcut('f', 'Choose the version to compare from', () => fromBox.current?.focus());
  useShortcut('t', 'Choose the version to compare to', () => toBox.current?.focus());
  const to = Number(params.get('to')) || items[0]?.version;
  const from = Number(params.get('from')) || (to !== undefined ? to - 1 : undefined);
  const ready = to !== undefined && from !== undefined && from >= 1 && from !== to;
  const comparison = useCommandQuery(compareSheetVersions, { source, from: from ?? 1, to: to ?? 1 }, { enabled: ready });
  const choose = (which: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params);
    next.set(which, value);
    setParams(next, { replace: true });
  };
  const box = (which: 'from' | 'to', value: number | undefined, ref: typeof fromBox, key: string) => (
    <label className="flex items-center gap-2">
      {which === 'from' ? 'From version' : 'To version'} <ShortcutKey>{key}</ShortcutKey>
      <select
        ref={ref}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => choose(which, event.target.value)}
        data-testid={`compare-${which}`}
        className={selectClass}
      >
        {items.map((item) => (
          <option key={item.id} value={String(item.version)}>
            {item.version}
            {item.tag ? ` — ${item.tag}` : ''}
          </option>
        ))}
      </select>
    </label>
  );
  const data = comparison.data;
  return (
    <div data-view="compare" className="space-y-4">
      <PageHeader title={`${title}: compare versions`} description="Rows are matched by their key (the TID; on the weekly sheet the week and the TID)." />
      <div className="flex flex-wrap items-center gap-4">
        {box('from', from, fromBox, 'f')}
        {box('to', to, toBox, 't')}
      </div>
      {versions.isSuccess && items.length < 2 ? <p className="text-zinc-500">Two versions are needed to compare; upload another with n.</p> : null}
      {ready && from === to ? <p className="text-zinc-500">Choose two different versions.</p> : null}
      {comparison.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {(comparison.error as Error).message}
        </p>
      ) : null}
      {data ? (
        <>
          <p role="status" data-testid="compare-message">
            {data.message}
          </p>
          <Section name="added" title="Added" count={data.added.length}>
            <RowsTable rows={data.added} columns={data.columns} label="Added rows" />
          </Section>
          <Section name="removed" title="Removed" count={data.removed.length}>
            <RowsTable rows={data.removed} columns={data.columns} label="Removed rows" />
          </Section>
          <Section name="changed" title="Changed" count={data.changed.length}>
            <ChangedTable changed={data.changed} columns={data.columns} />
          </Section>
        </>
      ) : null}
    </div>
  );
}
