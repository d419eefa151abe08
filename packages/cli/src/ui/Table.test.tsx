import { columnLayout, registry, type AnyCommand, type ColumnKind } from '@traction/core';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { tableCells } from '../output/format-cell';
import { fitColumns, type FitColumn } from './fit-columns';
import { Table } from './Table';

const CUTTABLE: readonly ColumnKind[] = ['text', 'sentence', 'email', 'enum', 'tags'];
const merchants = (registry as readonly AnyCommand[]).find((command) => command.id === 'merchants.list')!.list!.columns;
const fitOf = (columns: typeof merchants): FitColumn[] =>
  columns.map((column) => ({
    header: column.label,
    layout: columnLayout(column),
    cuttable: CUTTABLE.includes(column.kind),
    runningText: column.kind === 'sentence',
  }));

const rows = tableCells(merchants, [
  {
    id: 10234,
    name: 'Divine Grace Provisions',
    email: 'divine.grace@gmail.com',
    phone: '+2348031234567',
    state: 'Lagos',
    category: 'RETAIL',
    isFraud: false,
    isTrusted: true,
    kycExempt: false,
    walletStatus: 'ACTIVE',
    createdAt: '2026-11-21T09:00:00.000Z',
  },
  {
    id: 10235,
    name: 'Sadiq & Sons Pharmacy',
    email: 'sadiq@yahoo.com',
    phone: '+2348031234568',
    state: 'Kano',
    category: 'PHARMACY',
    isFraud: true,
    isTrusted: false,
    kycExempt: false,
    walletStatus: 'FROZEN',
    createdAt: '2026-11-20T09:00:00.000Z',
  },
]);

/** The table as a terminal `width` wide would show it. */
function draw(width: number) {
  const layout = fitColumns(fitOf(merchants), rows, width);
  const { lastFrame } = render(
    <Table
      columns={layout.shown.map((index, position) => ({ header: merchants[index]!.label, width: layout.widths[position]! }))}
      rows={rows.map((row) => layout.shown.map((index) => row[index]!))}
    />,
  );
  return { layout, lines: lastFrame()!.split('\n'), shown: layout.shown.map((index) => merchants[index]!.key) };
}

describe('a list table at 80 and 100 columns', () => {
  it.each([80, 100])('fits %i columns, keeping names, emails and phone numbers whole and leaving yes/no columns out', (width) => {
    const { lines, shown, layout } = draw(width);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
    expect(shown.slice(0, 4)).toEqual(['id', 'name', 'email', 'phone']);
    expect(layout.left.map((index) => merchants[index]!.key)).toEqual(expect.arrayContaining(['isFraud', 'isTrusted', 'kycExempt', 'walletStatus']));
    expect(lines[2]).toContain('Divine Grace Provisions');
    expect(lines[2]).toContain('divine.grace@gmail.com');
    expect(lines[3]).toContain('+2348031234568');
  });

  it('gives the key columns their width before medium ones: the category at 100, the date and a yes/no column at 120', () => {
    expect(draw(80).shown).toEqual(['id', 'name', 'email', 'phone', 'state']);
    expect(draw(100).shown).toEqual(['id', 'name', 'email', 'phone', 'state', 'category']);
    expect(draw(120).shown).toEqual(['id', 'name', 'email', 'phone', 'state', 'category', 'isFraud', 'createdAt']);
    expect(draw(120).lines.join('\n')).toContain('2026-11-21 10:00');
  });

  it('shows every column when the terminal is wide enough', () => {
    const { shown, layout } = draw(200);
    expect(shown).toEqual(merchants.map((column) => column.key));
    expect(layout.left).toEqual([]);
  });

  it("narrows a yes/no column to its header's longest word, the header on two lines, before leaving it out", () => {
    const columns = merchants.filter((column) => column.key === 'name' || column.key === 'kycExempt');
    const cells = [['Zenith Provisions', 'no']];
    expect(fitColumns(fitOf(columns), cells, 40).widths).toEqual(['Zenith Provisions'.length, 'KYC exempt'.length]);
    expect(fitColumns(fitOf(columns), cells, 25).widths).toEqual(['Zenith Provisions'.length, 'exempt'.length]);
    expect(fitColumns(fitOf(columns), cells, 24).shown).toEqual([0]);
  });

  it('cuts names with an ellipsis only down to their contract width, and never amounts', () => {
    const columns = [
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'amount', label: 'Amount', kind: 'money' },
      { key: 'note', label: 'Note', kind: 'text' },
    ] as const;
    const cells = [['Mama Nkechi Provisions and Catering Services', '₦1,234,567.89', 'x'.repeat(60)]];
    const layout = fitColumns(fitOf(columns as never), cells, 50);
    expect(layout.widths[layout.shown.indexOf(1)]).toBe('₦1,234,567.89'.length);
    expect(layout.widths[layout.shown.indexOf(0)]).toBeGreaterThanOrEqual(columnLayout(columns[0]).minWidth);
  });

  it('keeps columns chosen with --columns even when they do not fit', () => {
    expect(fitColumns(fitOf(merchants), rows, 40, true).left).toEqual([]);
  });
});

describe('Table', () => {
  it('shows headers, a rule, every row and the footer, a dash for an empty cell', () => {
    const { lastFrame } = render(
      <Table
        columns={[
          { header: 'ID', width: 2 },
          { header: 'Email', width: 15 },
          { header: 'Role', width: 5 },
        ]}
        rows={[
          ['7', 'ada@traction.ng', 'admin'],
          ['8', '', 'staff'],
        ]}
        footer={'Page 1 of 1 · 2 rows\nLeft out to fit 80 columns: Status.'}
      />,
    );
    const lines = lastFrame()!.split('\n');
    expect(lines[0]).toMatch(/^ID\s+Email\s+Role$/);
    expect(lines[1]).toMatch(/^─+\s+─+\s+─+$/);
    expect(lines[2]).toMatch(/^7\s+ada@traction\.ng\s+admin$/);
    expect(lines[3]).toMatch(/^8\s+—\s+staff$/);
    expect(lines.slice(-2)).toEqual(['Page 1 of 1 · 2 rows', 'Left out to fit 80 columns: Status.']);
  });

  it('cuts a long cell with an ellipsis and wraps a long header onto a second line', () => {
    const { lastFrame } = render(
      <Table
        columns={[
          { header: 'KYC exempt', width: 6 },
          { header: 'Email', width: 10 },
        ]}
        rows={[['no', 'a-very-long-email@traction.ng']]}
      />,
    );
    const lines = lastFrame()!.split('\n');
    expect(lines[0]).toMatch(/^KYC\s+Email$/);
    expect(lines[1]).toMatch(/^exempt/);
    expect(lines[3]).toMatch(/^no\s+a-very-lo…$/);
  });

  it('keeps amounts to the right', () => {
    const { lastFrame } = render(<Table columns={[{ header: 'Amount', width: 10, align: 'right' }]} rows={[['₦1.50'], ['₦1,000.00']]} />);
    expect(lastFrame()!.split('\n').slice(2)).toEqual(['     ₦1.50', ' ₦1,000.00']);
  });

  it('says why there are no rows', () => {
    expect(render(<Table columns={[{ header: 'ID', width: 2 }]} rows={[]} />).lastFrame()).toContain('No rows match.');
    expect(render(<Table columns={[{ header: 'ID', width: 2 }]} rows={[]} empty="Page 3 is past the end." />).lastFrame()).toContain('Page 3 is past the end.');
  });
});
