/**
 * The record table alone, with `?rows=N` synthetic rows already loaded: what the table costs in
 * the browser, without a server, a router or a query cache. Built by bench/table.bench.ts.
 */
import type { ListColumn } from '@traction/core';
import { StrictMode, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RecordTable } from '../../packages/web/src/modules/list/RecordTable';
import { emptySelection, type Selection } from '../../packages/web/src/modules/list/rowSelection';
import './harness.css';
import { scrollThrough } from './scrollThrough';

const columns: ListColumn[] = [
  { key: 'id', label: 'ID', kind: 'id' },
  { key: 'firstName', label: 'First name', kind: 'text' },
  { key: 'lastName', label: 'Last name', kind: 'text' },
  { key: 'email', label: 'Email', kind: 'email' },
  { key: 'role', label: 'Role', kind: 'enum' },
  { key: 'departments', label: 'Departments', kind: 'tags' },
  { key: 'balanceKobo', label: 'Balance', kind: 'money' },
  { key: 'verified', label: 'Verified', kind: 'boolean' },
  { key: 'createdAt', label: 'Created', kind: 'datetime' },
];

const ROLES = ['super_admin', 'admin', 'staff'];
const DEPARTMENTS = [
  { id: 1, name: 'Finance' },
  { id: 2, name: 'Risk' },
  { id: 3, name: 'Support' },
  { id: 4, name: 'Sales' },
];

function syntheticRows(count: number): Record<string, unknown>[] {
  const base = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    firstName: `First${i}`,
    lastName: `Last name number ${i}`,
    email: `admin.${i}@traction.ng`,
    role: ROLES[i % 3],
    departments: DEPARTMENTS.slice(0, 1 + (i % 4)),
    balanceKobo: String((i * 7_919_113) % 10_000_000_000),
    verified: i % 2 === 0,
    createdAt: new Date(base + i * 60_000).toISOString(),
  }));
}

const count = Number(new URLSearchParams(location.search).get('rows') ?? 100_000);
const generatedAt = performance.now();
const rows = syntheticRows(count);
/** Read by bench/table.bench.ts. */
const bench = {
  rows: count,
  generateMs: performance.now() - generatedAt,
  renderStart: 0,
  /** From render() to React's first commit. */
  commitMs: 0,
  /** From render() to the frame after the first paint of rows. */
  paintedMs: 0,
  scrollThrough,
};
(window as unknown as { __bench: typeof bench }).__bench = bench;

function Harness() {
  const [selection, setSelection] = useState<Selection>(emptySelection);
  useLayoutEffect(() => {
    bench.commitMs = performance.now() - bench.renderStart;
    requestAnimationFrame(() => requestAnimationFrame(() => (bench.paintedMs = performance.now() - bench.renderStart)));
  }, []);
  return (
    <main className="p-4">
      <RecordTable
        label="Bench rows"
        columns={columns}
        rows={rows}
        rowKey="id"
        total={rows.length}
        selection={selection}
        onSelectionChange={setSelection}
        onOpen={() => {}}
        height="calc(100vh - 2rem)"
      />
    </main>
  );
}

bench.renderStart = performance.now();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
