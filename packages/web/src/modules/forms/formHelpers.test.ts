import { defineCommand, koboField } from '@traction/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, fieldSentence, serverIssues } from './fieldErrors';
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
          ...serverIssues([
            { field: 'matching.search', message: 'cannot be empty' },
            { field: 'ids.3', message: 'admin 8 does not exist' },
          ]),
          { path: [], message: 'give either ids or matching' },
        ],
        visible,
      ),
    ).toEqual({
      fields: { email: 'must be a valid email address', device: 'is required' },
      others: ['Wallet ID must be positive', 'Matching · Search cannot be empty', 'IDs: admin 8 does not exist', 'give either ids or matching'],
    });
  });
});

describe('fieldSentence', () => {
  it.each([
    ['Email', 'must be a valid email address', 'Email must be a valid email address'],
    ['First name', 'is required', 'First name is required'],
    ['IDs', '"x" is not a whole number', 'IDs: "x" is not a whole number'],
    ['Mark as fraud (untick to clear)', 'is required', 'Mark as fraud is required'],
    ['Reason', 'reason is required when marking a business as fraud', 'Reason is required when marking a business as fraud'],
  ])('%s + "%s" → "%s"', (label, message, sentence) => expect(fieldSentence(label, message)).toBe(sentence));
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

  it('does not wait for an optional amount or reference left empty (a payout of the whole balance): the word is asked', () => {
    const payout = defineCommand({
      id: 'test.payout',
      group: 'test',
      action: 'payout',
      title: 'Pay out',
      method: 'POST',
      path: '/v1/test/payout',
      permission: null,
      danger: 'money',
      input: z.object({ business: z.string(), amount: koboField.optional(), reference: z.string().optional() }),
      output: z.object({}),
    });
    const fields = fieldsOfCommand(payout);
    expect(moneyConfirmation(payout, fields, { business: '42' })).toEqual({ what: 'the word', expected: 'CONFIRM' });
    expect(moneyConfirmation(payout, fields, { business: '42', reference: 'PAY-42' })).toEqual({ what: 'the reference', expected: 'PAY-42' });
    expect(moneyConfirmation(payout, fields, { business: '42', amount: 50_000 })).toEqual({ what: 'the amount', expected: '₦500.00' });
  });
});

describe('summarizeOutput', () => {
  it('keeps the message and the bulk counts, naming skipped rows as the list shows them', () => {
    expect(summarizeOutput({ ok: true, message: 'Deleted.' })).toEqual({ message: 'Deleted.', rows: [] });
    const bulk = {
      matched: 3,
      changed: 1,
      skipped: [
        { id: 4, reason: 'is a super admin' },
        { id: 5, reason: 'already has them' },
      ],
    };
    expect(summarizeOutput(bulk, { rowNames: new Map([[4, 'ada@traction.ng']]) })).toEqual({
      bulk: {
        matched: 3,
        changed: 1,
        skipped: [
          { id: 4, name: 'ada@traction.ng', reason: 'is a super admin' },
          { id: 5, name: '#5', reason: 'already has them' },
        ],
      },
      rows: [],
    });
  });

  it('shows a new record by its id and name and the fields its input set, under the labels of its list', () => {
    const output = { admin: { id: 7, email: 'a@b.ng', firstName: 'Ada', status: 'active', departments: ['Risk'] }, setupLinkExpiresAt: '2026-01-01' };
    expect(summarizeOutput(output, { input: { email: 'a@b.ng', firstName: 'Ada', departmentIds: [2] } }).rows).toEqual([
      ['ID', '7'],
      ['Email', 'a@b.ng'],
      ['First name', 'Ada'],
      ['Departments', 'Risk'],
      ['Setup link expires at', '2026-01-01'],
    ]);
  });
});
