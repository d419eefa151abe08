// @vitest-environment happy-dom
import { compareSheetVersions, listSheetRows, listSheetVersions, type SheetRowOut, type SheetVersionRow } from '@traction/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import SheetPage from './SheetPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args), download: vi.fn() }, reportClientFailure: vi.fn() }));

const version = (number: number, tag: string): SheetVersionRow => ({
  id: number,
  source: 'terminal-mastersheet',
  version: number,
  tag,
  fileName: `v${number}.xlsx`,
  rowCount: 2,
  flaggedCount: 1,
  linkedCount: 2,
  uploadedBy: 'Ada Obi',
  uploadedAt: '2026-11-20T10:00:00.000Z',
});
const row = (over: Partial<SheetRowOut>): SheetRowOut => ({
  id: 1,
  version: 2,
  rowNumber: 1,
  key: '2ACX0001',
  tid: '2ACX0001',
  merchantName: 'Ada Stores',
  cells: { serial_no: 'ACX-1', tid: '2ACX0001', merchant_id: '4', merchant_name: 'Ada Stores', state: 'Lagos', address: '14 Allen Avenue', status: 'Deployed' },
  details: 'Serial No: ACX-1 · Address: 14 Allen Avenue',
  terminalId: 11,
  businessId: 4,
  businessName: 'Ada Stores',
  flag: null,
  ...over,
});
const VERSIONS = { items: [version(2, 'November'), version(1, 'October')], page: 1, pageSize: 100, total: 2, hasMore: false, next: null };

stubViewportSize();
beforeEach(() => {
  call.mockReset();
  call.mockImplementation((command: unknown) => {
    if (command === listSheetVersions) return Promise.resolve(VERSIONS);
    if (command === listSheetRows) {
      return Promise.resolve({
        items: [
          row({}),
          row({
            id: 2,
            rowNumber: 2,
            key: '2ACX0003',
            tid: '2ACX0003',
            terminalId: 13,
            businessId: null,
            businessName: null,
            flag: 'terminal 2ACX0003 is at no merchant in the system, not #5 Bola',
          }),
        ],
        page: 1,
        pageSize: 100,
        total: 2,
        hasMore: false,
        next: null,
      });
    }
    if (command === compareSheetVersions) {
      const before = row({ version: 1, cells: { ...row({}).cells, address: '12 Allen Avenue' } });
      return Promise.resolve({
        source: 'terminal-mastersheet',
        from: version(1, 'October'),
        to: version(2, 'November'),
        columns: [
          { key: 'tid', label: 'TID' },
          { key: 'address', label: 'Address' },
        ],
        added: [row({ id: 3, key: '2ACX0004', tid: '2ACX0004', terminalId: null })],
        removed: [],
        changed: [{ key: '2ACX0001', before, after: row({}), changedColumns: ['address'] }],
        unchanged: 0,
        message: 'Terminal Mastersheet version 2 against version 1: 1 row added, 0 removed, 1 changed, 0 the same.',
      });
    }
    return Promise.reject(new Error('unexpected command'));
  });
});
afterEach(cleanup);

const VIEWER = ['sheets.view', 'terminals.view', 'merchants.view'];

describe('a sheet page', () => {
  it('lists the latest version with links to terminals and merchants and the flag, and goes to the comparison with d', async () => {
    const user = userEvent.setup();
    renderWithSession(<SheetPage />, { url: '/terminal-mastersheet', path: '/terminal-mastersheet', permissions: VIEWER });
    const terminalLink = await screen.findByRole('link', { name: '2ACX0001' });
    expect(terminalLink.getAttribute('href')).toBe('/terminals/11');
    expect(screen.getAllByRole('link', { name: 'Ada Stores' })[0]!.getAttribute('href')).toBe('/merchants/4');
    expect(document.querySelector('[data-flagged]')?.textContent).toContain('2ACX0003 is at no merchant');
    expect(call.mock.calls.find(([command]) => command === listSheetRows)![1]).toMatchObject({ source: 'terminal-mastersheet' });
    await waitFor(() => expect(screen.getByTestId('sheet-version-summary').textContent).toBe('Version 2 “November”: 2 rows, 1 flagged.'));
    expect(screen.queryByRole('link', { name: /Upload/ })).toBeNull();

    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('d');
    expect((await screen.findByTestId('compare-message')).textContent).toBe(
      'Terminal Mastersheet version 2 against version 1: 1 row added, 0 removed, 1 changed, 0 the same.',
    );
    expect(call.mock.calls.find(([command]) => command === compareSheetVersions)![1]).toEqual({ source: 'terminal-mastersheet', from: 1, to: 2 });
    const changed = screen.getByRole('table', { name: 'Changed rows' });
    const cells = changed.querySelectorAll('[data-changed]');
    expect(cells.length).toBe(1);
    expect(cells[0]!.textContent).toBe('12 Allen Avenue → 14 Allen Avenue');
    expect(screen.getByRole('table', { name: 'Added rows' }).textContent).toContain('2ACX0004');
  });

  it('offers the upload (n) to who may upload', async () => {
    const user = userEvent.setup();
    renderWithSession(<SheetPage />, { url: '/terminal-location-sheet', path: '/terminal-location-sheet', permissions: [...VIEWER, 'sheets.upload'] });
    await screen.findByRole('link', { name: /Upload/ });
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('n');
    expect(await screen.findByTestId('sheet-upload-form')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('sheet-version-input') as HTMLInputElement).value).toBe('3'));
    expect(screen.getByText('Latitude')).toBeTruthy();
  });
});
