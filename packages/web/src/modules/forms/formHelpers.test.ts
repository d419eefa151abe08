import { defineCommand, koboField } from '@traction/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, serverIssues } from './fieldErrors';
import { fieldsOfCommand } from './fieldsOfCommand';
import { labelFromName } from './labelFromName';
import { confirmationMatches, moneyConfirmation } from './moneyConfirmation';
import { summarizeOutput } from './summarizeOutput';

describe('labelFromName', () => {
  it.each([
    ['departmentIds', 'Department IDs'],
    ['user_id', 'User ID'],
    ['startdatetime', 'Start date'],
    ['firstName', 'First name'],
    ['ids', 'IDs'],
  ])('%s → %s', (name, label) => expect(labelFromName(name)).toBe(label));
});

describe('fieldErrors', () => {
  it('puts issues under the visible field their path starts with, the rest on the form', () => {
    const visible = new Set(['email', 'device']);
    expect(
      fieldErrors(
        [
          { path: ['email'], message: 'must be a valid email address' },
          { path: ['email'], message: 'second message is dropped' },
          ...serverIssues([{ field: 'device.deviceId', message: 'is required' }]),
          { path: ['walletId'], message: 'must be positive' },
          { path: [], message: 'give either ids or matching' },
        ],
        visible,
      ),
    ).toEqual({
      fields: { email: 'must be a valid email address', device: 'is required' },
      others: ['walletId: must be positive', 'give either ids or matching'],
    });
  });
});

describe('moneyConfirmation', () => {
  const transfer = defineCommand({
    id: 'test.transfer',
    group: 'test',
    action: 'transfer',
    title: 'Transfer',
    method: 'POST',
    path: '/v1/test/transfer',
    permission: null,
    danger: 'money',
    input: z.object({ amount: koboField, reference: z.string() }),
    output: z.object({}),
  });
  const reverse = defineCommand({
    id: 'test.reverse',
    group: 'test',
    action: 'reverse',
    title: 'Reverse',
    method: 'POST',
    path: '/v1/test/{reference}/reverse',
    permission: null,
    danger: 'money',
    input: z.object({ reference: z.string() }),
    output: z.object({}),
  });

  it('asks for the amount as formatted Naira, with or without the sign', () => {
    const asked = moneyConfirmation(transfer, fieldsOfCommand(transfer), { amount: 123_450, reference: 'TRX-1' });
    expect(asked).toEqual({ what: 'the amount', expected: '₦1,234.50' });
    expect(confirmationMatches('₦1,234.50', asked!.expected)).toBe(true);
    expect(confirmationMatches('1,234.50', asked!.expected)).toBe(true);
    expect(confirmationMatches('1234.50', asked!.expected)).toBe(false);
    expect(moneyConfirmation(transfer, fieldsOfCommand(transfer), {})).toBeNull();
  });

  it('asks for the reference when there is no amount', () => {
    expect(moneyConfirmation(reverse, fieldsOfCommand(reverse), { reference: 'TRX-9' })).toEqual({ what: 'the reference', expected: 'TRX-9' });
  });
});

describe('summarizeOutput', () => {
  it('keeps the message, the bulk counts and a flat view of the rest', () => {
    expect(summarizeOutput({ ok: true, message: 'Deleted.' })).toEqual({ message: 'Deleted.', rows: [] });
    expect(summarizeOutput({ matched: 3, changed: 2, skipped: [{ id: 4, reason: 'super admin' }] })).toEqual({
      bulk: { matched: 3, changed: 2, skipped: [{ id: 4, reason: 'super admin' }] },
      rows: [],
    });
    expect(summarizeOutput({ admin: { id: 7, email: 'a@b.ng', departments: [] }, setupLinkExpiresAt: '2026-01-01' }).rows).toEqual([
      ['Admin · ID', '7'],
      ['Admin · Email', 'a@b.ng'],
      ['Admin · Departments', 'none'],
      ['Setup link expires at', '2026-01-01'],
    ]);
  });
});
