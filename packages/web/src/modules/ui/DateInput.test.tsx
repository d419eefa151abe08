// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateInput } from './DateInput';

afterEach(cleanup);

/** A form holding the field's value the way the command forms do: a day, or the unreadable text. */
function DateForm({ onSubmit }: { onSubmit: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(value);
      }}
    >
      <DateInput aria-label="Start date" value={value} onCommit={(day) => setValue(day ?? '')} onUnreadable={setValue} />
    </form>
  );
}

describe('DateInput in a form', () => {
  it('reads the date on Enter before the form submits it', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<DateForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Start date' }), '5/1/2026{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('2026-01-05');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Start date' }).value).toBe('05/01/2026');
  });

  it('hands text that is no date to the form and keeps saying why', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<DateForm onSubmit={onSubmit} />);
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Start date' });
    await user.type(field, '01/10/26{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('01/10/26');
    expect(field.value).toBe('01/10/26');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toContain('Type a date such as 01/10/2026');
  });
});
