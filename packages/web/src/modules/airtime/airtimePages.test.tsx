// @vitest-environment happy-dom
import { type AirtimeRate, createAirtimeRate, listAirtimeRateHistory, listAirtimeRates, updateAirtimeRate } from '@traction/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { fieldsOfCommand } from '../forms/fieldsOfCommand';
import type { FieldValue } from '../forms/FormField';
import { renderWithSession } from '../../test/renderWithSession';
import AirtimeConfigurationPage from './AirtimeConfigurationPage';
import { PercentOfFaceValueControl } from './PercentOfFaceValueControl';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

beforeEach(() => {
  call.mockReset();
});
afterEach(cleanup);

const MANAGER = ['airtime.view', 'airtime.manage'];
const page = (items: readonly unknown[]) => Promise.resolve({ items, page: 1, pageSize: 100, total: items.length, hasMore: false });

const rate = (over: Partial<AirtimeRate>): AirtimeRate => ({
  id: 1,
  network: 'MTN',
  product: 'AIRTIME',
  label: 'MTN airtime',
  companyDiscountBps: 300,
  merchantCommissionBps: 150,
  marginBps: 150,
  minAmount: 5_000,
  maxAmount: 5_000_000,
  active: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: 'Ada Obi',
  lastChange: 'company discount 3%, merchant commission 1.5%, ₦50.00 to ₦50,000.00',
  lastChangeReason: null,
  ...over,
});
const RATES = [rate({}), rate({ id: 2, network: '9MOBILE', product: 'DATA', label: '9mobile data bundles', active: false })];
const HISTORY = [
  {
    id: 7,
    rateId: 1,
    network: 'MTN',
    product: 'AIRTIME',
    label: 'MTN airtime',
    change: 'changed',
    summary: 'merchant commission 1.5% → 2%',
    reason: 'Dealer agreement',
    before: null,
    after: { companyDiscountBps: 300, merchantCommissionBps: 200, minAmount: 5_000, maxAmount: 5_000_000, active: true },
    changedBy: 'Ada Obi',
    changedAt: '2026-11-21T09:00:00.000Z',
  },
];

function answer() {
  call.mockImplementation((command) => {
    if (command === listAirtimeRates) return page(RATES);
    if (command === listAirtimeRateHistory) return page(HISTORY);
    return Promise.reject(new Error(`unexpected ${command.id}`));
  });
}

async function renderPage(permissions = MANAGER) {
  const rendered = renderWithSession(<AirtimeConfigurationPage />, { url: '/airtime-configuration', permissions });
  await waitFor(() => expect(document.querySelector('[data-rate="1"]')).not.toBeNull());
  return rendered;
}

const row = (id: number) => document.querySelector<HTMLElement>(`[data-rate="${id}"]`)!;
function formFields(store: ReturnType<typeof renderWithSession>['store']) {
  const request = store.get(commandRequestAtom)!;
  return fieldsOfCommand(request.command, request.fixed as Record<string, unknown>).map((field) => field.name);
}

describe('Airtime Configuration', () => {
  it('shows each rate as percentages of the face value, its limits in Naira, whether it is on sale, and the history', async () => {
    answer();
    await renderPage();
    expect(row(1).querySelector('[data-commission]')!.textContent).toBe('1.5%');
    expect(within(row(1)).getByText('₦50.00 – ₦50,000.00')).toBeTruthy();
    expect(within(row(2)).getByText('Off sale').getAttribute('data-tone')).toBe('warn');
    await waitFor(() => expect(document.querySelector('[data-version="7"] [data-summary]')?.textContent).toBe('merchant commission 1.5% → 2%'));
  });

  it('edits a rate with its values filled in, the discount and commission typed as percentages', async () => {
    answer();
    const { store } = await renderPage();
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Edit MTN airtime' }));
    const request = store.get(commandRequestAtom)!;
    expect(request).toMatchObject({ command: updateAirtimeRate, fixed: { id: 1 }, initial: { merchantCommissionBps: 150, maxAmount: 5_000_000 } });
    expect(Object.keys(request.parts?.controls ?? {})).toEqual(['companyDiscountBps', 'merchantCommissionBps']);
    expect(formFields(store)).toEqual(['companyDiscountBps', 'merchantCommissionBps', 'minAmount', 'maxAmount', 'reason']);
  });

  it('puts a rate back on sale asking only for the reason', async () => {
    answer();
    const { store } = await renderPage();
    fireEvent.click(within(row(2)).getByRole('button', { name: 'Put 9mobile data bundles on sale' }));
    expect(store.get(commandRequestAtom)).toMatchObject({ command: updateAirtimeRate, fixed: { id: 2, active: true } });
    expect(formFields(store)).toEqual(['reason']);
  });

  it('opens a new rate with n, and offers no change to an admin who may only look', async () => {
    answer();
    const { store } = await renderPage();
    await userEvent.setup().keyboard('n');
    expect(store.get(commandRequestAtom)?.command).toBe(createAirtimeRate);
    cleanup();
    answer();
    await renderPage(['airtime.view']);
    expect(screen.queryByRole('button', { name: /New rate/ })).toBeNull();
    expect(within(row(1)).queryByRole('button', { name: 'Edit MTN airtime' })).toBeNull();
    expect(within(row(1)).getByRole('button', { name: 'History of MTN airtime' })).toBeTruthy();
  });
});

describe('the percentage control', () => {
  function Harness({ start }: { start: string }) {
    const [value, setValue] = useState<FieldValue>(start);
    const attributes = { id: 'c', name: 'merchantCommissionBps', 'aria-invalid': undefined, 'aria-required': undefined, 'aria-describedby': undefined };
    return (
      <>
        <PercentOfFaceValueControl field={{} as never} value={value} onChange={setValue} values={{}} attributes={attributes} />
        <output data-value>{String(value)}</output>
      </>
    );
  }

  it('shows basis points as a percentage and hands on what is typed as basis points', async () => {
    const user = userEvent.setup();
    render(<Harness start="150" />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('1.5');
    await user.clear(input);
    await user.type(input, '2.25');
    expect(document.querySelector('[data-value]')!.textContent).toBe('225');
    await user.clear(input);
    await user.type(input, 'lots');
    expect(document.querySelector('[data-value]')!.textContent).toBe('lots');
    expect(document.querySelector('[data-percent-hint]')!.textContent).toContain('A percentage with up to two decimals');
  });
});
