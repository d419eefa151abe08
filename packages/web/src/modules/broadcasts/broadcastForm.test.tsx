// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormField } from '../forms/FormField';
import { BROADCAST_FORM_PARTS } from './broadcastFormParts';
import { SmsSegmentsNote } from './SmsSegmentsNote';

afterEach(cleanup);

const field = { name: 'smsText' } as FormField;

describe('the broadcast form', () => {
  it('counts SMS parts with the unsubscribe line as the text is typed', () => {
    render(<SmsSegmentsNote field={field} values={{ smsText: 'Loans are open' }} />);
    expect(screen.getByTestId('sms-segments').dataset.parts).toBe('1');
    cleanup();
    render(<SmsSegmentsNote field={field} values={{ smsText: 'ẹ'.repeat(130) }} />);
    const note = screen.getByTestId('sms-segments');
    expect(note.dataset.parts).toBe('4');
    expect(note.textContent).toContain('too long');
  });

  it.each([
    ['emailSubject', { channels: 'SMS' }, false],
    ['emailBody', { channels: 'BOTH' }, true],
    ['smsText', { channels: 'EMAIL' }, false],
    ['smsText', { channels: 'SMS' }, true],
    ['audienceState', { channels: 'SMS', audience: 'STATE' }, true],
    ['audienceState', { channels: 'SMS', audience: 'ALL' }, false],
    ['name', { channels: 'SMS', audience: 'ALL' }, true],
  ])('shows %s for %j: %s', (name, values, shown) => {
    expect(BROADCAST_FORM_PARTS.applies!(name, values)).toBe(shown);
  });
});
