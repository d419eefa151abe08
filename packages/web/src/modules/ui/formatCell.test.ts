import type { ColumnKind } from '@traction/core';
import { describe, expect, it } from 'vitest';
import { formatCell } from './formatCell';
import { humanize } from './humanize';

const as = (kind: ColumnKind) => ({ key: 'v', label: 'V', kind });

describe('formatCell', () => {
  it.each([
    ['money', '123456789', '₦1,234,567.89'],
    ['money', 0, '₦0.0'],
    ['money', 'not kobo', 'not kobo'],
    ['date', '2026-11-21', '21 Nov 2026'],
    // 23:30 UTC is already the next day in Lagos
    ['datetime', '2026-11-21T23:30:00.000Z', '22 Nov 2026, 00:30'],
    ['boolean', true, 'Yes'],
    ['boolean', false, 'No'],
    ['enum', 'super_admin', 'Super admin'],
    [
      'tags',
      [
        { id: 1, name: 'Finance' },
        { id: 2, name: 'Risk' },
      ],
      'Finance, Risk',
    ],
    ['tags', ['a', 'b'], 'a, b'],
    ['tags', [], '—'],
    ['number', 1234567, '1,234,567'],
    ['text', null, '—'],
    ['email', '', '—'],
    ['id', 42, '42'],
  ] as const)('%s %j → %s', (kind, value, text) => {
    expect(formatCell(as(kind), value).replace(/\u202f/g, ' ')).toBe(text);
  });
});

describe('humanize', () => {
  it.each([
    ['super_admin', 'Super admin'],
    ['PENDING', 'Pending'],
    // A document type reads as core labels it, in the table as on the record.
    ['DRIVERS_LICENSE', 'Driver’s licence'],
    ['VOTERS_CARD', 'Voter’s card'],
    ['PND', 'PND'],
    ['IN_APP', 'In app'],
    ['business.signed-up', 'Business signed up'],
  ])('%s reads as %s', (value, expected) => {
    expect(humanize(value)).toBe(expected);
  });
});
