import { changeAdminRole, createAdmin, grantPermissionsBulk, listAuditLog, saveView, setPassword } from '@traction/core';
import { describe, expect, it } from 'vitest';
import { fieldHelp, inputFields, toFlag } from './input-fields';

describe('toFlag', () => {
  it.each([
    ['user_id', 'user-id'],
    ['firstName', 'first-name'],
    ['departmentIds', 'department-ids'],
    ['startdatetime', 'startdatetime'],
  ])('%s → --%s', (name, flag) => expect(toFlag(name)).toBe(flag));
});

describe('inputFields', () => {
  it('reads types, choices, required fields and defaults from the schema', () => {
    expect(inputFields(createAdmin)).toEqual([
      { name: 'email', flag: 'email', type: 'string', required: true, secret: false },
      { name: 'firstName', flag: 'first-name', type: 'string', required: true, secret: false },
      { name: 'lastName', flag: 'last-name', type: 'string', required: true, secret: false },
      { name: 'role', flag: 'role', type: 'enum', choices: ['super_admin', 'admin', 'staff'], required: false, defaultValue: 'staff', secret: false },
      { name: 'departmentIds', flag: 'department-ids', type: 'array', itemType: 'number', required: false, defaultValue: [], secret: false },
    ]);
    expect(inputFields(changeAdminRole).map((field) => [field.name, field.type, field.required])).toEqual([
      ['id', 'number', true],
      ['role', 'enum', true],
    ]);
  });

  it('leaves out the list plumbing, keeps paging, and marks secrets', () => {
    expect(inputFields(listAuditLog).map((field) => field.name)).toEqual([
      'page',
      'after',
      'limit',
      'adminId',
      'command',
      'outcome',
      'startdatetime',
      'enddatetime',
    ]);
    expect(
      inputFields(setPassword)
        .filter((field) => field.secret)
        .map((field) => field.name),
    ).toEqual(['token', 'password']);
  });

  it('takes nested objects as JSON and lists of enums with their choices', () => {
    const fields = inputFields(grantPermissionsBulk);
    expect(fields.find((field) => field.name === 'matching')).toMatchObject({ type: 'object', required: false });
    expect(fields.find((field) => field.name === 'permissions')).toMatchObject({ type: 'array', itemType: 'enum', required: true });
    expect(fields.find((field) => field.name === 'permissions')!.choices).toContain('audit.view');
  });
});

describe('fieldHelp', () => {
  const helpOf = (command: Parameters<typeof inputFields>[0], name: string) => fieldHelp(inputFields(command).find((field) => field.name === name)!);

  it('shows defaults as they are typed, and no default for an empty list or object', () => {
    expect(helpOf(createAdmin, 'role')).toBe('role (default: staff)');
    expect(helpOf(createAdmin, 'departmentIds')).toBe('department ids; comma-separated, or repeat the flag');
    expect(helpOf(saveView, 'filters')).toBe('the filters as the page URL holds them, e.g. {"role":"staff"}; as JSON');
  });
});
