import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCommand } from '../../command';
import { listPaging, listOutput, PAGE_SIZE } from '../../list';
import { listAdmins } from '../admins/admins';
import { listAuditLog } from '../audit/audit-log';
import { viewFilterIssues } from './view-filters';

describe('viewFilterIssues', () => {
  it('takes filters as the URL holds them: numbers, enums, free text and days', () => {
    expect(viewFilterIssues(listAdmins, { role: 'staff', department: '3', search: 'ada' })).toEqual([]);
    expect(viewFilterIssues(listAuditLog, { outcome: 'error', startdatetime: '2026-11-01', enddatetime: '2026-11-21', adminId: '7' })).toEqual([]);
    expect(viewFilterIssues(listAdmins, {})).toEqual([]);
  });

  it.each([
    ['a value outside an enum', { role: 'owner' }, 'filters.role', 'must be one of "super_admin", "admin", "staff"'],
    ['text where a number goes', { department: 'finance' }, 'filters.department', 'must be a number'],
    ['a day that does not exist', { startdatetime: '2026-02-31' }, 'filters.startdatetime', 'is not a real date or time'],
    ['a key the list does not take', { colour: 'red' }, 'filters.colour', 'is not a filter of this list (audit.list)'],
    ['paging, which is not a filter', { page: '2' }, 'filters.page', 'is not a filter of this list (audit.list)'],
  ])('refuses %s, naming the filter', (_what, filters, field, message) => {
    const list = 'role' in filters || 'department' in filters ? listAdmins : listAuditLog;
    expect(viewFilterIssues(list, filters)).toEqual([{ field, message }]);
  });

  it("applies the list's own cross-field rules, and leaves out fields the view does not give", () => {
    const list = defineCommand({
      id: 'things.list',
      group: 'things',
      action: 'list',
      title: 'List things',
      method: 'GET',
      path: '/v1/things',
      permission: null,
      input: z
        .object({ ...listPaging, kind: z.enum(['a', 'b']), from: z.number().optional(), to: z.number().optional() })
        .refine((input) => input.from === undefined || input.to === undefined || input.from <= input.to, { path: ['to'], message: 'must not be before from' }),
      output: listOutput(z.object({ id: z.number() })),
      list: { pageSize: PAGE_SIZE, rowKey: 'id', csv: false, columns: [] },
    });
    // `kind` is required by the list but absent: the page may fix it, so only the given fields are judged.
    expect(viewFilterIssues(list, { from: '5' })).toEqual([]);
    expect(viewFilterIssues(list, { kind: 'a', from: '5', to: '2' })).toEqual([{ field: 'filters.to', message: 'must not be before from' }]);
  });
});
