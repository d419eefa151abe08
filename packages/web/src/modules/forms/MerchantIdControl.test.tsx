// @vitest-environment happy-dom
import { defineCommand, idField } from '@traction/core';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithSession } from '../../test/renderWithSession';
import { CommandForm } from './CommandForm';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args), preview: vi.fn() } }));

const remind = defineCommand({
  id: 'test.remind',
  group: 'test',
  action: 'remind',
  title: 'Remind a merchant',
  method: 'POST',
  path: '/v1/test/remind',
  permission: null,
  input: z.object({ businessId: idField.meta({ label: 'Merchant' }), note: z.string().optional() }),
  output: z.object({ message: z.string() }),
});

const MERCHANTS = [
  { id: 42, name: 'Mama Put Foods', email: 'ops@mamaput.ng' },
  { id: 77, name: 'Mama Cass Kitchen', email: 'hello@mamacass.ng' },
];

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((command: { id: string }, input: { search?: string }) =>
    command.id === 'merchants.search'
      ? Promise.resolve({ items: MERCHANTS.filter((m) => m.name.toLowerCase().startsWith(String(input.search).toLowerCase())) })
      : Promise.resolve({ message: 'Reminded.' }),
  );
});
afterEach(cleanup);

describe('a merchant id field', () => {
  it('finds the merchant by name, picks with the arrows and Enter, and sends the id', async () => {
    const user = userEvent.setup();
    renderWithSession(<CommandForm command={remind} request={{ command: remind }} onClose={() => {}} autoFocus />, {
      permissions: ['merchants.view'],
      url: false,
    });
    const box = screen.getByRole('combobox', { name: /Merchant/ });
    await user.type(box, 'mama');
    await screen.findByRole('option', { name: /Mama Cass Kitchen/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect((box as HTMLInputElement).value).toBe('Mama Cass Kitchen (#77)');
    expect(call.mock.calls.filter(([command]) => (command as { id: string }).id === 'test.remind')).toHaveLength(0);
    await user.keyboard('{Control>}{Enter}{/Control}');
    const sent = call.mock.calls.find(([command]) => (command as { id: string }).id === 'test.remind');
    expect(sent?.[1]).toEqual({ businessId: 77 });
  });

  it('takes an id typed as digits, and is a plain id box without the permission to search', async () => {
    const user = userEvent.setup();
    renderWithSession(<CommandForm command={remind} request={{ command: remind }} onClose={() => {}} autoFocus />, { permissions: [], url: false });
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.type(screen.getByLabelText(/^Merchant/), '42');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(call.mock.calls[0]![1]).toEqual({ businessId: 42 });
  });
});
