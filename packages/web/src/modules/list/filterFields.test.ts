import { listAdmins, listAuditLog, listDeviceRequests, listWalletTransactions, loanTracker } from '@traction/core';
import { describe, expect, it } from 'vitest';
import { countFilters, describeFilters, filtersFromParams, readFilters, withFilter, withoutFilters } from './filterFields';

describe('describeFilters', () => {
  it('derives the controls from the input schema', () => {
    expect(describeFilters(listAdmins)).toEqual([
      { kind: 'id', key: 'department', label: 'Department' },
      { kind: 'enum', key: 'role', label: 'Role', options: ['super_admin', 'admin', 'staff'] },
      { kind: 'search', key: 'search', label: 'Search' },
    ]);
    expect(describeFilters(listAuditLog).map((f) => [f.kind, f.key])).toEqual([
      ['id', 'adminId'],
      ['text', 'command'],
      ['enum', 'outcome'],
      ['date', 'startdatetime'],
      ['date', 'enddatetime'],
    ]);
  });

  it('keeps an enum default, so the select shows it and offers no "any"', () => {
    expect(describeFilters(listDeviceRequests)[0]).toEqual({
      kind: 'enum',
      key: 'status',
      label: 'Status',
      options: ['pending', 'approved', 'rejected'],
      defaultValue: 'pending',
    });
  });
});

describe('amount filters', () => {
  const fields = describeFilters(listWalletTransactions);

  it('are typed in Naira and sent in kobo; what is not an amount goes as typed for the server to name', () => {
    expect(fields.filter((field) => field.kind === 'naira').map((field) => [field.key, field.label])).toEqual([
      ['minAmount', 'Min amount'],
      ['maxAmount', 'Max amount'],
    ]);
    const params = new URLSearchParams('minAmount=1,500&maxAmount=₦20000.50');
    expect(filtersFromParams(listWalletTransactions, fields, params)).toMatchObject({ minAmount: 150_000, maxAmount: 2_000_050 });
    // Not an amount: the list runs without it and the page says why, as for any filter its schema refuses.
    const read = readFilters(listWalletTransactions, fields, new URLSearchParams('minAmount=lots'));
    expect(read.filters).toEqual({});
    expect(read.ignored.map((ignored) => [ignored.key, ignored.value])).toEqual([['minAmount', 'lots']]);
  });
});

describe('URL ↔ filters', () => {
  const audit = describeFilters(listAuditLog);
  const admins = describeFilters(listAdmins);

  it('reads typed filters and sends days as Lagos range bounds', () => {
    const params = new URLSearchParams('adminId=7&outcome=error&startdatetime=2026-11-01&enddatetime=2026-11-21&page=3&unrelated=1');
    expect(filtersFromParams(listAuditLog, audit, params)).toEqual({
      adminId: 7,
      outcome: 'error',
      startdatetime: '2026-11-01T00:00:00.000',
      enddatetime: '2026-11-21T23:59:59.999',
    });
  });

  it('sends a day that is not a range bound (a tracker as of a day) as the day itself, in a date box', () => {
    const tracker = describeFilters(loanTracker);
    expect(tracker.find((field) => field.key === 'asOf')).toEqual({ kind: 'date', key: 'asOf', label: 'As of', bound: 'day' });
    expect(filtersFromParams(loanTracker, tracker, new URLSearchParams('asOf=2026-11-21&minDaysPastDue=7'))).toEqual({ asOf: '2026-11-21', minDaysPastDue: 7 });
    expect(readFilters(loanTracker, tracker, new URLSearchParams('asOf=2026-02-31')).ignored.map((ignored) => ignored.key)).toEqual(['asOf']);
  });

  it('drops values the command would refuse instead of failing the page', () => {
    const params = new URLSearchParams('role=owner&department=abc&search=%20ada%20');
    expect(filtersFromParams(listAdmins, admins, params)).toEqual({ search: 'ada' });
  });

  it('sets, removes and clears filters, keeping other parameters', () => {
    let params = new URLSearchParams('tab=x');
    params = withFilter(params, 'role', 'staff');
    params = withFilter(params, 'search', 'ada');
    expect(params.toString()).toBe('tab=x&role=staff&search=ada');
    expect(countFilters(params, admins)).toBe(2);
    expect(withFilter(params, 'search', '  ').toString()).toBe('tab=x&role=staff');
    expect(withFilter(params, 'role', null).toString()).toBe('tab=x&search=ada');
    const cleared = withoutFilters(params, admins);
    expect(cleared.toString()).toBe('tab=x');
    expect(countFilters(cleared, admins)).toBe(0);
  });
});
