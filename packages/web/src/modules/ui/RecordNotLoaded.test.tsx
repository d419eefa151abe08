// @vitest-environment happy-dom
import { ClientError } from '@traction/core/client';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordNotLoaded } from './RecordNotLoaded';

afterEach(cleanup);

const answered = (status: 404 | 503, message: string) =>
  new ClientError(status === 404 ? 'not-found' : 'server-error', status, 'POST', '/api/sweeps.get', { code: String(status) as '404' | '503', message });

describe('RecordNotLoaded', () => {
  it.each([
    ['a bad id', false, null],
    ['a 404', true, answered(404, 'No sweep 12')],
  ])('says there is no such record, without Retry, for %s', (_, valid, error) => {
    render(<RecordNotLoaded valid={valid} error={error} missing="There is no sweep #12." failed="This sweep could not be loaded" retry={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe('There is no sweep #12.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("says why it could not be read in the server's words, and Retry asks again", async () => {
    const retry = vi.fn();
    render(
      <RecordNotLoaded
        valid
        error={answered(503, 'The database is busy.')}
        missing="There is no sweep #12."
        failed="This sweep could not be loaded"
        retry={retry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('This sweep could not be loaded: The database is busy.Retry');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
