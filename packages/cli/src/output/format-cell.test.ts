import { LOAN_STATUS_WORDS } from '@traction/core';
import { describe, expect, it } from 'vitest';
import { formatCell } from './format-cell';

describe('formatCell', () => {
  it('says an enum in the words its column gives, and a value without words as it is', () => {
    expect(formatCell({ kind: 'enum', words: LOAN_STATUS_WORDS }, 'WRITTEN_OFF')).toBe(LOAN_STATUS_WORDS.WRITTEN_OFF);
    expect(formatCell({ kind: 'enum', words: LOAN_STATUS_WORDS }, 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(formatCell({ kind: 'enum' }, 'PENDING')).toBe('PENDING');
  });

  it('reads money as Naira and instants in Lagos time', () => {
    expect(formatCell({ kind: 'money' }, 150_050)).toBe('₦1,500.50');
    expect(formatCell({ kind: 'datetime' }, '2026-11-21T09:00:00.000Z')).toBe('2026-11-21 10:00');
  });
});
