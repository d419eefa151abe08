// @vitest-environment happy-dom
import { listMerchants, type ListColumn } from '@traction/core';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CellRendererContext } from './CellRendererContext';
import { RecordTable, type RecordTableProps } from './RecordTable';
import { emptySelection, type Selection } from './rowSelection';

const columns: ListColumn[] = [
  { key: 'id', label: 'ID', kind: 'id' },
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'email', label: 'Email', kind: 'email' },
  { key: 'isFraud', label: 'Fraud', kind: 'boolean' },
  { key: 'status', label: 'Status', kind: 'enum' },
  { key: 'balance', label: 'Balance', kind: 'money' },
];
const LONG_NAME = 'Chukwuemeka Oluwaseun Adebayo-Williams Global Trading and Logistics Limited';
const rows = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: i === 0 ? LONG_NAME : `Shop ${i + 1}`,
  email: `owner${i + 1}@shop.ng`,
  phone: '+2348031234567',
  state: 'Lagos',
  category: 'RETAIL',
  isFraud: i === 0,
  isTrusted: false,
  kycExempt: false,
  walletStatus: 'ACTIVE',
  status: 'ACTIVE',
  balance: String(i * 10_050),
  createdAt: '2026-11-01T09:00:00.000Z',
}));

/** happy-dom lays nothing out: every element reports this box. */
function layOut(width: number, height = 600) {
  for (const [key, value] of Object.entries({ clientWidth: width, clientHeight: height })) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  }
}

/** happy-dom's window size, which media queries read. */
const setViewport = (width: number, height: number) =>
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height });

afterEach(() => {
  cleanup();
  setViewport(1024, 768);
});

function Table(props: Partial<RecordTableProps>) {
  const [selection, setSelection] = useState<Selection>(emptySelection);
  return (
    <RecordTable
      label="Merchants"
      columns={columns}
      rows={rows}
      rowKey="id"
      total={rows.length}
      selection={selection}
      onSelectionChange={setSelection}
      {...props}
    />
  );
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
/** Column widths in px by header, from the grid template the header and rows share. */
function widths(): Record<string, number> {
  const header = screen.getAllByRole('row')[0]!;
  const px = header.style.gridTemplateColumns.split(' ').map((part) => Number.parseFloat(part));
  return Object.fromEntries(headers().map((label, i) => [label, px[i] ?? 0]));
}
const row = (index: number) => document.querySelector<HTMLElement>(`[data-row-index="${index}"]`)!;

describe('RecordTable columns', () => {
  it('gives names, emails and amounts more room than yes/no and status columns', () => {
    layOut(1400);
    render(<Table />);
    const w = widths();
    for (const wide of ['Name', 'Email', 'Balance']) {
      expect(w[wide]).toBeGreaterThan(w.Fraud!);
      expect(w[wide]).toBeGreaterThan(w.Status!);
    }
    expect(w.Name).toBeGreaterThan(w.ID!);
    // The columns fill the room: nothing scrolls sideways.
    expect(Object.values(w).reduce((a, b) => a + b)).toBeLessThanOrEqual(1400);
  });

  it('leaves out the least important columns when even their narrowest widths do not fit, and says which', () => {
    layOut(560);
    const onFit = vi.fn();
    render(<Table onFit={onFit} />);
    expect(headers()).toEqual(['', 'ID', 'Name', 'Email', 'Balance']);
    expect(onFit).toHaveBeenLastCalledWith(['status', 'isFraud']);
  });

  it('leaves out a status before it would narrow the names, emails and amounts below the width they want', () => {
    layOut(760);
    const onFit = vi.fn();
    render(<Table onFit={onFit} />);
    expect(headers()).toEqual(['', 'ID', 'Name', 'Email', 'Fraud', 'Balance']);
    expect(onFit).toHaveBeenLastCalledWith(['status']);
    expect(widths().Name).toBeGreaterThanOrEqual(Math.ceil(26 * 7.2 + 24));
  });

  it('keeps a column the admin chose to show, and then scrolls sideways', () => {
    layOut(560);
    render(<Table pinned={new Set(['isFraud'])} />);
    expect(headers()).toContain('Fraud');
    expect(headers()).not.toContain('Status');
  });

  it('shows a cut cell whole on hover (title) and, after the keys moved to its row, in a tip', async () => {
    layOut(1000);
    const user = userEvent.setup();
    render(<Table />);
    const nameCell = within(row(0)).getAllByRole('gridcell')[2]!;
    expect(nameCell.textContent).toBe(LONG_NAME);
    expect(nameCell.getAttribute('title')).toBe(LONG_NAME);
    expect(within(row(1)).getAllByRole('gridcell')[2]!.getAttribute('title')).toBeNull();
    expect(screen.queryByTestId('cut-text-tip')).toBeNull();
    await user.keyboard('j');
    expect(screen.getByTestId('cut-text-tip').textContent).toBe(`Name: ${LONG_NAME}`);
    await user.keyboard('j');
    expect(screen.queryByTestId('cut-text-tip')).toBeNull();
  });
});

describe('RecordTable on a phone', () => {
  it('shows each row as a card of its title, key facts and state, driven by the same keys', async () => {
    setViewport(375, 812);
    layOut(343);
    const user = userEvent.setup();
    const onOpen = vi.fn();
    await act(async () => {
      render(<Table columns={listMerchants.list!.columns} onOpen={onOpen} />);
    });
    expect(screen.getByRole('grid').dataset.view).toBe('cards');
    const first = row(0);
    expect(first.dataset.card).toBeDefined();
    const part = (name: string) => first.querySelectorAll(`[data-card-part="${name}"]`);
    expect(part('title')[0]?.textContent).toBe(LONG_NAME);
    expect([...part('fact')].map((fact) => fact.textContent)).toEqual(['Emailowner1@shop.ng', 'Phone+2348031234567', 'StateLagos']);
    expect(part('state')[0]?.textContent).toBe('FraudWallet: Active');
    // Yes/no facts that are off are left off the card.
    expect(row(1).querySelector('[data-card-part="state"]')?.textContent).toBe('Wallet: Active');

    await user.keyboard('jj');
    expect(document.querySelector('[data-active="true"]')?.getAttribute('data-row-index')).toBe('1');
    await user.keyboard('k');
    expect(document.querySelector('[data-active="true"]')?.getAttribute('data-row-index')).toBe('0');
    expect(screen.getByRole('grid').getAttribute('aria-activedescendant')).toBe(first.id);
    await user.keyboard('x');
    expect(row(0).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('j{Shift>}x{/Shift}');
    expect(row(1).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(rows[1]);
  });

  it("shows a state the page renders its own way (a transfer's status in words) the same way on the card", async () => {
    setViewport(375, 812);
    layOut(343);
    const renderCell = (column: ListColumn, row: Record<string, unknown>) =>
      column.key === 'walletStatus' ? <b data-own-state>{`Wallet is ${String(row.walletStatus).toLowerCase()}`}</b> : undefined;
    await act(async () => {
      render(
        <CellRendererContext.Provider value={renderCell}>
          <Table columns={listMerchants.list!.columns} />
        </CellRendererContext.Provider>,
      );
    });
    expect(row(1).querySelector('[data-card-part="state"]')?.innerHTML).toBe('<b data-own-state="true">Wallet is active</b>');
  });
});
