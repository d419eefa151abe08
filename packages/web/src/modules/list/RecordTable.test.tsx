// @vitest-environment happy-dom
import type { ListColumn } from '@traction/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BulkBar } from './BulkBar';
import { RecordTable } from './RecordTable';
import { emptySelection, type Selection } from './rowSelection';
import { stubViewportSize } from '../../test/stubViewportSize';

const columns: ListColumn[] = [
  { key: 'id', label: 'ID', kind: 'id' },
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'balance', label: 'Balance', kind: 'money' },
];
const rows = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Admin ${i + 1}`, balance: String(i * 10_050) }));

stubViewportSize();
afterEach(cleanup);

function Harness({ onOpen, onNearEnd, total = 500 }: { onOpen?: (row: Record<string, unknown>) => void; onNearEnd?: () => void; total?: number }) {
  const [selection, setSelection] = useState<Selection>(emptySelection);
  return (
    <>
      <RecordTable
        label="Admins"
        columns={columns}
        rows={rows}
        rowKey="id"
        total={total}
        hasMore={total > rows.length}
        selection={selection}
        onSelectionChange={setSelection}
        {...(onOpen ? { onOpen } : {})}
        {...(onNearEnd ? { onNearEnd } : {})}
      />
      <BulkBar
        selection={selection}
        total={total}
        filters={{ role: 'staff' }}
        actions={[]}
        onRun={() => {}}
        onSelectAllMatching={() => setSelection({ mode: 'all', except: new Set(), anchor: null })}
        onClear={() => setSelection(emptySelection)}
      />
    </>
  );
}

const row = (index: number) => document.querySelector<HTMLElement>(`[data-row-index="${index}"]`)!;
const activeIndex = () => document.querySelector<HTMLElement>('[data-active="true"]')?.dataset.rowIndex;
const selectedKeys = () => [...document.querySelectorAll<HTMLElement>('[role="row"][aria-selected="true"]')].map((r) => r.dataset.rowKey);
const bulkCount = () => screen.queryByTestId('bulk-bar')?.dataset.count;

describe('RecordTable', () => {
  it('renders formatted rows in a grid under a header', () => {
    render(<Harness />);
    const grid = screen.getByRole('grid', { name: 'Admins' });
    expect(grid.getAttribute('aria-rowcount')).toBe('501');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'ID', 'Name', 'Balance']);
    expect(row(2).dataset.rowKey).toBe('3');
    expect(row(2).textContent).toContain('₦201.00');
  });

  it('moves the active row with j/k and the arrows', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(activeIndex()).toBeUndefined();
    await user.keyboard('j');
    expect(activeIndex()).toBe('0');
    await user.keyboard('jj');
    expect(activeIndex()).toBe('2');
    await user.keyboard('k');
    expect(activeIndex()).toBe('1');
    // j focused the grid, so the arrows now move too
    expect(document.activeElement).toBe(screen.getByRole('grid'));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(activeIndex()).toBe('4');
    await user.keyboard('{Home}');
    expect(activeIndex()).toBe('0');
    await user.keyboard('kkk');
    expect(activeIndex()).toBe('0');
  });

  it('selects with x and Shift+x, counts in the bulk bar, and clears with Esc', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(bulkCount()).toBeUndefined();
    await user.keyboard('jx');
    expect(selectedKeys()).toEqual(['1']);
    expect(bulkCount()).toBe('1');
    await user.keyboard('jjj{Shift>}x{/Shift}');
    expect(selectedKeys()).toEqual(['1', '2', '3', '4']);
    expect(screen.getByTestId('selected-count').textContent).toBe('4 selected');
    await user.keyboard('x');
    expect(selectedKeys()).toEqual(['1', '2', '3']);
    await user.keyboard('{Escape}');
    expect(selectedKeys()).toEqual([]);
    expect(bulkCount()).toBeUndefined();
  });

  it('selects every row matching, loaded or not, less the rows taken out', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByTestId('select-loaded'));
    expect(bulkCount()).toBe('12');
    await user.click(screen.getByTestId('select-all-matching'));
    expect(screen.getByTestId('selected-count').textContent).toBe('All 500 matching selected');
    await user.keyboard('jjx');
    expect(bulkCount()).toBe('499');
    expect(selectedKeys()).not.toContain('2');
    expect(screen.getByTestId('bulk-bar').dataset.mode).toBe('all');
    // the header checkbox clears a selection
    await user.click(screen.getByTestId('select-loaded'));
    expect(bulkCount()).toBeUndefined();
  });

  it('makes a clicked row active, toggles by its checkbox, and opens on Enter or double-click', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    await user.click(row(3));
    expect(activeIndex()).toBe('3');
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(rows[3]);
    await user.click(row(5).querySelector('[data-row-check]')!);
    await user.click(row(7).querySelector('[data-row-check]')!);
    fireEvent.click(row(9).querySelector('[data-row-check]')!, { shiftKey: true });
    expect(selectedKeys()).toEqual(['6', '8', '9', '10']);
    await user.dblClick(row(1));
    expect(onOpen).toHaveBeenLastCalledWith(rows[1]);
  });

  it('asks for the next page when the view nears the last loaded row', async () => {
    const onNearEnd = vi.fn();
    await act(async () => {
      render(<Harness onNearEnd={onNearEnd} />);
    });
    expect(onNearEnd).toHaveBeenCalled();
    expect(document.querySelector('[data-loader]')?.textContent).toBe('Loading more…');
  });
});
