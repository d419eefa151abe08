// @vitest-environment happy-dom
import {
  addBlockedBeneficiary,
  createFraudRule,
  type FraudRule,
  listBlockedBeneficiaries,
  listFraudRuleHistory,
  listFraudRules,
  removeBlockedBeneficiary,
  tryFraudRules,
  updateFraudRule,
} from '@traction/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { fieldsOfCommand } from '../forms/fieldsOfCommand';
import { stubViewportSize } from '../../test/stubViewportSize';
import { renderWithSession } from '../../test/renderWithSession';
import BlockedBeneficiariesPage from './BlockedBeneficiariesPage';
import FraudRulesPage from './FraudRulesPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

stubViewportSize();
// Braces: a function returned from beforeEach runs as its teardown, and mockReset returns the mock.
beforeEach(() => {
  call.mockReset();
});
afterEach(cleanup);

const MANAGER = ['fraud-rules.view', 'fraud-rules.manage'];
const page = (items: readonly unknown[]) => Promise.resolve({ items, page: 1, pageSize: 100, total: items.length, hasMore: false });

const rule = (over: Partial<FraudRule>): FraudRule => ({
  id: 1,
  name: 'Large transfers',
  kind: 'amount_above',
  kindWords: 'Amount above a threshold',
  condition: 'above ₦5,000,000.00',
  thresholdKobo: 500_000_000,
  maxTransfers: null,
  maxAmountKobo: null,
  action: 'hold',
  actionWords: 'Hold for review',
  enabled: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: null,
  lastChange: 'created: above ₦5,000,000.00, hold for review',
  lastChangeReason: 'A default rule (migration 0020)',
  ...over,
});
const RULES = [
  rule({}),
  rule({
    id: 2,
    name: 'Merchant velocity',
    kind: 'velocity',
    kindWords: 'Merchant velocity per hour',
    condition: 'more than 20 transfers or ₦10,000,000.00 per merchant per hour',
    thresholdKobo: null,
    maxTransfers: 20,
    maxAmountKobo: 1_000_000_000,
  }),
  rule({
    id: 4,
    name: 'Blocked beneficiaries',
    kind: 'blocked_beneficiary',
    kindWords: 'Blocked beneficiary',
    condition: 'the beneficiary account is on the blocked beneficiaries list',
    thresholdKobo: null,
    action: 'block',
    actionWords: 'Block',
    enabled: false,
  }),
];
const HISTORY = [
  {
    id: 9,
    ruleId: 1,
    ruleName: 'Large transfers',
    change: 'changed',
    summary: 'condition above ₦5,000,000.00 → above ₦6,000,000.00',
    reason: 'Fewer false holds',
    before: null,
    after: null,
    changedBy: 'Ada Obi',
    changedAt: '2026-11-21T09:00:00.000Z',
  },
];

function answerRules() {
  call.mockImplementation((command) => {
    if (command === listFraudRules) return page(RULES);
    if (command === listFraudRuleHistory) return page(HISTORY);
    return Promise.reject(new Error(`unexpected ${command.id}`));
  });
}

async function renderRulesPage(permissions = MANAGER) {
  const rendered = renderWithSession(<FraudRulesPage />, { url: '/rules-manager', permissions });
  await waitFor(() => expect(document.querySelector('[data-rule="1"]')).not.toBeNull());
  return rendered;
}

const row = (id: number) => document.querySelector<HTMLElement>(`[data-rule="${id}"]`)!;
/** The fields the command form shows for the request the page opened. */
function formFields(store: ReturnType<typeof renderWithSession>['store']) {
  const request = store.get(commandRequestAtom)!;
  return fieldsOfCommand(request.command, request.fixed as Record<string, unknown>).map((field) => field.name);
}

describe('Fraud Rules Manager', () => {
  it('lists the rules with their kind, what they match and their action in words, and links to blocked beneficiaries and held transfers', async () => {
    answerRules();
    await renderRulesPage();
    expect(within(row(1)).getByText('Amount above a threshold')).toBeTruthy();
    expect(row(1).querySelector('[data-condition]')!.textContent).toBe('above ₦5,000,000.00');
    expect(within(row(1)).getByText('Hold for review').getAttribute('data-tone')).toBe('warn');
    expect(within(row(4)).getByText('Block').getAttribute('data-tone')).toBe('bad');
    expect(row(4).getAttribute('data-enabled')).toBe('false');
    expect(within(row(4)).getByRole('button', { name: 'Enable Blocked beneficiaries' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Held transfers' }).getAttribute('href')).toBe('/funds-transfer?status=HELD');
    expect(screen.getByRole('link', { name: 'Blocked beneficiaries' }).getAttribute('href')).toBe('/rules-manager/blocked-beneficiaries');
    await waitFor(() => expect(document.querySelector('[data-version="9"] [data-summary]')?.textContent).toBe(HISTORY[0]!.summary));
  });

  it("edits a rule with only its kind's parameters, filled in", async () => {
    answerRules();
    const { store } = await renderRulesPage();
    fireEvent.click(within(row(2)).getByRole('button', { name: 'Edit Merchant velocity' }));
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: updateFraudRule,
      fixed: { id: 2 },
      initial: { name: 'Merchant velocity', maxTransfers: 20, maxAmountKobo: 1_000_000_000, action: 'hold', enabled: true },
    });
    const fields = formFields(store);
    expect(fields).toEqual(expect.arrayContaining(['name', 'maxTransfers', 'maxAmountKobo', 'noMaxAmount', 'action', 'enabled', 'reason']));
    expect(fields).not.toContain('thresholdKobo');
  });

  it('disables a rule asking only for the reason', async () => {
    answerRules();
    const { store } = await renderRulesPage();
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Disable Large transfers' }));
    const request = store.get(commandRequestAtom)!;
    expect(request).toMatchObject({ command: updateFraudRule, fixed: { id: 1, name: 'Large transfers', enabled: false } });
    expect(request.subject).toContain('Disable “Large transfers”');
    expect(formFields(store)).toEqual(['reason']);
  });

  it('creates a rule of the kind chosen in the New rule menu (n opens it)', async () => {
    answerRules();
    const { store } = await renderRulesPage();
    await userEvent.setup().keyboard('n');
    const item = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-kind="new_beneficiary_amount"]');
      if (!found) throw new Error('menu not open');
      return found;
    });
    fireEvent.click(item);
    expect(store.get(commandRequestAtom)).toMatchObject({ command: createFraudRule, fixed: { kind: 'new_beneficiary_amount' }, initial: { action: 'hold' } });
    const fields = formFields(store);
    expect(fields).toContain('thresholdKobo');
    expect(fields).not.toContain('maxTransfers');
    expect(fields).not.toContain('kind');
  });

  it('offers no changes to an admin who may only view', async () => {
    answerRules();
    await renderRulesPage(['fraud-rules.view']);
    expect(screen.queryByRole('button', { name: 'New rule' })).toBeNull();
    expect(within(row(1)).queryByRole('button', { name: 'Edit Large transfers' })).toBeNull();
    expect(within(row(1)).getByRole('button', { name: 'History of Large transfers' })).toBeTruthy();
  });

  it('shows the history of one rule when asked', async () => {
    answerRules();
    await renderRulesPage();
    fireEvent.click(within(row(2)).getByRole('button', { name: 'History of Merchant velocity' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'History of “Merchant velocity”' })).toBeTruthy());
    expect(call).toHaveBeenCalledWith(listFraudRuleHistory, { ruleId: 2 }, expect.anything());
  });

  it("tries a transfer and shows every rule's verdict", async () => {
    answerRules();
    const { store } = await renderRulesPage();
    fireEvent.click(screen.getByRole('button', { name: 'Try a transfer' }));
    const request = store.get(commandRequestAtom)!;
    expect(request.command).toBe(tryFraudRules);
    act(() =>
      request.onDone?.({
        action: 'hold',
        reason: '₦6,000,000.00 is above the ₦5,000,000.00 threshold',
        message: 'Held for review: ₦6,000,000.00 is above the ₦5,000,000.00 threshold.',
        evaluations: [
          {
            ruleId: 1,
            ruleName: 'Large transfers',
            kind: 'amount_above',
            matched: true,
            action: 'hold',
            reason: '₦6,000,000.00 is above the ₦5,000,000.00 threshold',
          },
          {
            ruleId: 2,
            ruleName: 'Merchant velocity',
            kind: 'velocity',
            matched: false,
            action: 'hold',
            reason: '1 transfer (₦6,000,000.00) in the last hour with this one: within 20 transfers an hour',
          },
        ],
      }),
    );
    expect(document.querySelector('[data-verdict="hold"] [data-verdict-message]')!.textContent).toBe(
      'Held for review: ₦6,000,000.00 is above the ₦5,000,000.00 threshold.',
    );
    expect(document.querySelector('[data-evaluation="1"]')!.getAttribute('data-matched')).toBe('true');
    expect(document.querySelector('[data-evaluation="2"]')!.textContent).toContain('within 20 transfers an hour');
  });
});

describe('Blocked Beneficiaries', () => {
  it('lists blocked accounts; Enter on one offers to unblock it, and Block an account opens its form', async () => {
    call.mockImplementation((command) =>
      command === listBlockedBeneficiaries
        ? page([
            {
              id: 3,
              bankCode: '058',
              bankName: 'GTBank',
              accountNumber: '0123456789',
              accountName: 'CHIKE MULE',
              reason: 'Mule account',
              addedAt: '2026-11-20T10:00:00.000Z',
              addedBy: 'Ada Obi',
            },
          ])
        : Promise.reject(new Error('unexpected')),
    );
    const { store } = renderWithSession(<BlockedBeneficiariesPage />, { url: '/rules-manager/blocked-beneficiaries', permissions: MANAGER });
    const found = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('[data-row-index="0"]');
      if (!element) throw new Error('not yet');
      return element;
    });
    expect(found.textContent).toContain('GTBank');
    fireEvent.doubleClick(found);
    const request = store.get(commandRequestAtom)!;
    expect(request).toMatchObject({ command: removeBlockedBeneficiary, fixed: { bankCode: '058', accountNumber: '0123456789' } });
    expect(request.subject).toContain('blocked because: Mule account');
    fireEvent.click(screen.getByRole('button', { name: 'Block an account' }));
    expect(store.get(commandRequestAtom)?.command).toBe(addBlockedBeneficiary);
  });
});
