// @vitest-environment happy-dom
import { listDatasetSales, listDatasetUsers } from '@traction/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import DatasetsPage from './DatasetsPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

const sale = {
  id: 41,
  createdAt: '2026-11-21T09:00:00.000Z',
  businessId: 4,
  businessName: 'Mama Put Kitchens',
  stateCode: 'LA',
  state: 'Lagos',
  productId: 7,
  productName: 'Indomie Chicken 70g (carton)',
  quantity: 2,
  paymentMethod: 'CARD',
  amount: 1_560_000,
};

stubViewportSize();
beforeEach(() => {
  call.mockReset();
  call.mockImplementation((command: unknown) =>
    Promise.resolve({ items: command === listDatasetSales ? [sale] : [], page: 1, pageSize: 100, total: command === listDatasetSales ? 1 : 0, hasMore: false }),
  );
});
afterEach(cleanup);

describe('DatasetsPage', () => {
  it('shows the dataset the URL names, its rows and its tabs', async () => {
    renderWithSession(<DatasetsPage />, { url: '/dataset?set=sales', path: ['/dataset'], permissions: ['datasets.view'] });
    expect(screen.getByRole('heading', { name: 'Datasets: Sales' })).toBeTruthy();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0]![0]).toBe(listDatasetSales);
    expect(await screen.findByText('Indomie Chicken 70g (carton)')).toBeTruthy();
    const tabs = screen.getByTestId('dataset-tabs');
    expect(tabs.querySelector('[aria-current="page"]')?.textContent).toBe('Sales');
    expect([...tabs.querySelectorAll('a')].map((tab) => tab.getAttribute('href'))).toContain('/dataset?set=online-stores');
  });

  it('opens the first dataset when the URL names none, and moves on with ]', async () => {
    renderWithSession(<DatasetsPage />, { url: '/dataset', path: ['/dataset'], permissions: ['datasets.view'] });
    expect(screen.getByRole('heading', { name: 'Datasets: Users' })).toBeTruthy();
    await waitFor(() => expect(call.mock.calls.some(([command]) => command === listDatasetUsers)).toBe(true));
    fireEvent.keyDown(document.body, { key: ']' });
    expect(await screen.findByRole('heading', { name: 'Datasets: Businesses' })).toBeTruthy();
  });

  it('offers the deduction template only to those who may download it', () => {
    renderWithSession(<DatasetsPage />, { url: '/dataset?set=sales', path: ['/dataset'], permissions: ['datasets.view'] });
    expect(screen.queryByRole('button', { name: 'Deduction template' })).toBeNull();
    cleanup();
    renderWithSession(<DatasetsPage />, { url: '/dataset?set=sales', path: ['/dataset'], permissions: ['datasets.view', 'deductions.view'] });
    expect(screen.getByRole('button', { name: 'Deduction template' })).toBeTruthy();
  });
});
