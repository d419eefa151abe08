import {
  createAdmin,
  createPayout,
  dateTimeParam,
  dayField,
  defineCommand,
  fileField,
  grantPermissionsBulk,
  koboField,
  listAuditLog,
  setPassword,
  textField,
} from '@traction/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldsOfCommand } from './fieldsOfCommand';

const everything = defineCommand({
  id: 'test.everything',
  group: 'test',
  action: 'everything',
  title: 'Everything',
  method: 'POST',
  path: '/v1/test/{walletId}',
  permission: null,
  danger: 'money',
  input: z.object({
    walletId: z.number().int().positive(),
    amount: koboField,
    fee: koboField.optional(),
    valueDate: dayField,
    from: dateTimeParam.optional(),
    to: dateTimeParam.optional(),
    at: dateTimeParam.optional(),
    channel: z.enum(['web', 'pos']).default('pos'),
    notify: z.boolean().default(true),
    proof: fileField.optional(),
    tags: z.array(z.string()).optional(),
    rate: z.number().optional(),
    note: z.string().max(500).optional(),
    narration: textField(100).meta({ label: 'Narration on statement' }),
    beneficiary: z.object({ bank: z.string() }),
    filters: z.object({ q: z.string() }).optional(),
  }),
  output: z.object({}),
});

describe('fieldsOfCommand', () => {
  it('maps each zod field to the input its kind calls for', () => {
    const fields = Object.fromEntries(fieldsOfCommand(everything).map((f) => [f.name, f]));
    expect(Object.keys(fields)).not.toContain('filters');
    expect(fields.walletId).toMatchObject({ kind: 'integer', required: true, label: 'Wallet ID' });
    expect(fields.amount).toMatchObject({ kind: 'naira', required: true });
    expect(fields.fee).toMatchObject({ kind: 'naira', required: false });
    expect(fields.valueDate).toMatchObject({ kind: 'day', required: true, label: 'Value date' });
    expect(fields.from?.kind).toBe('rangeStart');
    expect(fields.to?.kind).toBe('rangeEnd');
    expect(fields.at?.kind).toBe('dateTime');
    expect(fields.channel).toMatchObject({ kind: 'enum', options: ['web', 'pos'], required: false, defaultValue: 'pos' });
    expect(fields.notify).toMatchObject({ kind: 'boolean', defaultValue: true });
    expect(fields.proof?.kind).toBe('file');
    expect(fields.tags).toMatchObject({ kind: 'list', itemKind: 'text' });
    expect(fields.rate?.kind).toBe('number');
    expect(fields.note).toMatchObject({ kind: 'text', multiline: true });
    expect(fields.narration).toMatchObject({ kind: 'text', label: 'Narration on statement', required: true });
    expect(fields.beneficiary).toMatchObject({ kind: 'json', required: true });
  });

  it('reads the real contract: emails, enums with defaults, id lists', () => {
    expect(fieldsOfCommand(createAdmin)).toEqual([
      { name: 'email', label: 'Email', kind: 'email', required: true },
      { name: 'firstName', label: 'First name', kind: 'text', required: true },
      { name: 'lastName', label: 'Last name', kind: 'text', required: true },
      { name: 'role', label: 'Role', kind: 'enum', required: false, defaultValue: 'staff', options: ['super_admin', 'admin', 'staff'] },
      { name: 'departmentIds', label: 'Department IDs', kind: 'list', required: false, defaultValue: [], itemKind: 'integer' },
    ]);
    // The command's secrets (token, password) are masked.
    expect(fieldsOfCommand(setPassword).map((f) => f.kind)).toEqual(['secret', 'secret']);
  });

  it('uses the list spec to find range bounds and leaves the CSV switch out', () => {
    const fields = fieldsOfCommand(listAuditLog);
    expect(fields.map((f) => f.name)).not.toContain('download');
    expect(fields.find((f) => f.name === 'startdatetime')).toMatchObject({ kind: 'rangeStart', label: 'Start date' });
    expect(fields.find((f) => f.name === 'enddatetime')).toMatchObject({ kind: 'rangeEnd', label: 'End date' });
  });

  it('shows a bulk selection as a required id list, and hides it when the caller fixed it', () => {
    const fromPalette = fieldsOfCommand(grantPermissionsBulk);
    expect(fromPalette.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['ids', 'list', true],
      ['permissions', 'enumSet', true],
    ]);
    expect(fieldsOfCommand(grantPermissionsBulk, { ids: [1, 2] }).map((f) => f.name)).toEqual(['permissions']);
    expect(fieldsOfCommand(grantPermissionsBulk, { matching: { role: 'staff' }, except: [3] }).map((f) => f.name)).toEqual(['permissions']);
  });

  it('hides fixed path parameters', () => {
    expect(fieldsOfCommand(everything, { walletId: 9 }).map((f) => f.name)).not.toContain('walletId');
  });

  it('keeps a business named by id or email on one line, however long an email may be', () => {
    expect(fieldsOfCommand(createPayout).find((field) => field.name === 'business')).toMatchObject({ kind: 'text', label: 'Business (id or email)' });
    expect(fieldsOfCommand(createPayout).find((field) => field.name === 'business')?.multiline).toBeUndefined();
  });
});
