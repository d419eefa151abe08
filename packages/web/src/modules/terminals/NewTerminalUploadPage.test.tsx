// @vitest-environment happy-dom
import { uploadTerminalIds, uploadTerminalStock } from '@traction/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import NewTerminalUploadPage from './NewTerminalUploadPage';

const upload = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: vi.fn() }, reportClientFailure: vi.fn() }));
vi.mock('../commands/callWithUploadProgress', () => ({ callWithUploadProgress: (...args: unknown[]) => upload(...args) }));

const answer = (checked: boolean) => ({
  upload: checked ? null : { id: 5 },
  checked,
  rows: 2,
  good: 1,
  problems: [{ row: 2, field: 'terminal_id', value: 'BAD', message: 'must be 8 digits or capitals' }],
  message: checked ? '1 row of 2 is good; 1 row is bad. Nothing was saved.' : 'Upload #5: 1 row saved; 1 bad row skipped.',
});

beforeEach(() => {
  upload.mockReset();
  upload.mockImplementation((_command, input: { check: boolean }) => Promise.resolve(answer(input.check)));
});
afterEach(cleanup);

describe('New terminal upload', () => {
  it('checks the file as the kind chosen, then saves the good rows and links the upload', async () => {
    const user = userEvent.setup();
    renderWithSession(<NewTerminalUploadPage />, {
      url: '/terminal-upload/new',
      path: '/terminal-upload/new',
      permissions: ['terminals.view', 'terminals.manage'],
    });
    await user.click(screen.getByLabelText(/^Terminal IDs/));
    expect(screen.getByText('serial_no')).toBeTruthy();
    await user.upload(screen.getByTestId('file-input'), new File(['serial_no,terminal_id\n'], 'tids.csv', { type: 'text/csv' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect((await screen.findByTestId('upload-message')).textContent).toBe('1 row of 2 is good; 1 row is bad. Nothing was saved.');
    expect(upload.mock.calls[0]![0]).toBe(uploadTerminalIds);
    expect(upload.mock.calls[0]![1]).toMatchObject({ check: true, skipBadRows: false });

    await user.keyboard('s');
    await waitFor(() => expect(screen.getByTestId('upload-message').textContent).toBe('Upload #5: 1 row saved; 1 bad row skipped.'));
    expect(upload.mock.calls[1]![1]).toMatchObject({ check: false, skipBadRows: true });
    expect(screen.getByRole('link', { name: 'Open upload #5' }).getAttribute('href')).toBe('/terminal-uploads/5');
    expect(upload.mock.calls.every(([command]) => command !== uploadTerminalStock)).toBe(true);
  });

  it('refuses a file that is not a spreadsheet before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithSession(<NewTerminalUploadPage />, {
      url: '/terminal-upload/new',
      path: '/terminal-upload/new',
      permissions: ['terminals.view', 'terminals.manage'],
    });
    await user.upload(screen.getByTestId('file-input'), new File(['%PDF'], 'delivery.pdf', { type: 'application/pdf' }));
    expect(screen.getByTestId('file-error').textContent).toBe('delivery.pdf is not a CSV, XLSX or XLS file: save the spreadsheet as one of those.');
    expect(upload).not.toHaveBeenCalled();
  });
});
