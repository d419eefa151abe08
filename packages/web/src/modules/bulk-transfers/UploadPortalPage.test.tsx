// @vitest-environment happy-dom
import { listBulkTransfers, submitBulkTransfers, uploadBulkTransfers, type BulkValidation } from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandDialogHost } from '../forms/CommandDialogHost';
import { renderWithSession } from '../../test/renderWithSession';
import { badRowsValidationFixture, bulkUploadFixture } from './bulkUploadFixture';
import UploadPortalPage from './UploadPortalPage';

const call = vi.fn();
const upload = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) }, reportClientFailure: vi.fn() }));
vi.mock('../commands/callWithUploadProgress', () => ({ callWithUploadProgress: (...args: unknown[]) => upload(...args) }));

beforeEach(() => {
  call.mockReset();
  upload.mockReset();
  call.mockImplementation((command) => {
    if (command === listBulkTransfers) return Promise.resolve({ items: [], page: 1, pageSize: 100, total: 0, hasMore: false });
    return Promise.reject(new Error(`unexpected ${String((command as { id: string }).id)}`));
  });
});
afterEach(cleanup);

const BULK = ['transfers.bulk', 'transfers.view'];

/** The server answers after telling the page half, then all, of the file went up. */
function answerUpload(validation: BulkValidation) {
  upload.mockImplementation((_command, _input, options: { onProgress: (fraction: number) => void }) => {
    options.onProgress(0.5);
    options.onProgress(1);
    return Promise.resolve(validation);
  });
}

function StatusPage() {
  return <p data-testid="status-page">{`${useLocation().pathname} ${(useLocation().state as { notice?: string } | null)?.notice ?? ''}`}</p>;
}

function renderPortal(permissions = BULK) {
  return renderWithSession(
    <>
      <UploadPortalPage />
      <CommandDialogHost />
    </>,
    { url: '/upload-portal', path: '/upload-portal', routes: { '/bulk-status/:id': <StatusPage /> }, permissions },
  );
}

const csv = (name = 'november-salaries.csv') => new File(['bank_code,account_number,amount,narration\n'], name, { type: 'text/csv' });

describe('Upload Portal', () => {
  it('shows every bad row and refuses to submit until the admin excludes them, then asks the reason and opens the upload', async () => {
    const user = userEvent.setup();
    answerUpload(badRowsValidationFixture());
    renderPortal();
    await user.type(screen.getByLabelText(/^Business/), '42');
    await user.upload(screen.getByTestId('file-input'), csv());
    expect(screen.getByRole('button', { name: /Bulk transfer file/ }).textContent).toContain('november-salaries.csv');
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));

    expect(await screen.findByTestId('bulk-validation')).toBeTruthy();
    const [, input, options] = upload.mock.calls[0]!;
    expect(upload.mock.calls[0]![0]).toBe(uploadBulkTransfers);
    expect(input).toMatchObject({ from: 'wallet', business: '42' });
    expect((input as { file: File }).file.name).toBe('november-salaries.csv');
    expect((options as { idempotencyKey: string }).idempotencyKey).toMatch(/^console-/);

    const figures = (key: string) => document.querySelector(`[data-figure="${key}"] dd`)?.textContent;
    expect(figures('rows')).toBe('5');
    expect(figures('valid')).toBe('3');
    expect(figures('bad')).toBe('2');
    expect(figures('total')).toBe('₦45,000.00');
    expect(figures('fees')).toBe('₦75.00');
    expect(figures('debit')).toBe('₦45,075.00');
    expect(screen.getByTestId('validation-warnings').textContent).toContain('less than the ₦45,075.00');

    const bad = within(screen.getByRole('table', { name: 'Bad rows' }))
      .getAllByRole('row')
      .slice(1);
    expect(bad.map((row) => row.textContent)).toEqual([
      '2Account number012345678 must be 10 digits',
      '4Amount“1,50.00” is not an amount in Naira',
      '4Bank codeno bank is called “Zenit”',
    ]);

    const submit = screen.getByRole('button', { name: /^Submit for approval/ });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('submit-blocked').textContent).toBe(
      'Submitting is refused while 2 rows are bad: fix the file and upload it again, or tick above to leave them out.',
    );
    // `s` does nothing while the bad rows stand.
    await user.keyboard('s');
    expect(screen.queryByTestId('command-dialog')).toBeNull();

    const exclude = screen.getByRole('checkbox', { name: /Exclude the 2 bad rows/ });
    expect(exclude.closest('label')?.textContent).toBe(
      'Exclude the 2 bad rows (rows 2 and 4): they will never be sent. Send only the other 3 rows, ₦45,000.00 plus ₦75.00 in fees.',
    );
    await user.click(exclude);
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    await user.click(submit);

    const dialog = await screen.findByTestId('command-dialog');
    expect(dialog.getAttribute('data-command')).toBe('bulk-transfers.submit');
    expect(within(dialog).getByText(/3 transfers of ₦45,000.00 \(fees ₦75.00\) from Mama Put Foods; 2 bad rows left out/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'November salaries');
    await user.click(within(dialog).getByRole('button', { name: 'Submit bulk upload #12 for approval…' }));
    const message = 'Bulk upload #12: 3 transfers of ₦45,000.00 from Mama Put Foods (2 bad rows excluded) wait for another admin’s approval as request #31.';
    call.mockResolvedValueOnce({ upload: bulkUploadFixture({ status: 'AWAITING_APPROVAL', approvalRequestId: 31 }), message });
    await user.click(within(dialog).getByRole('button', { name: 'Submit bulk upload #12 for approval' }));

    await waitFor(() => expect(screen.getByTestId('status-page').textContent).toBe(`/bulk-status/12 ${message}`));
    expect(call).toHaveBeenCalledWith(submitBulkTransfers, { id: 12, excludeBadRows: true, reason: 'November salaries' }, expect.anything());
    expect(screen.queryByTestId('command-dialog')).toBeNull();
  });

  it('sends a file with no bad row without asking to exclude anything', async () => {
    const user = userEvent.setup();
    answerUpload({ upload: bulkUploadFixture(), problems: [], warnings: [], reused: false, message: 'All 5 rows are good.' });
    renderPortal();
    await user.click(screen.getByRole('radio', { name: 'A company account' }));
    await user.selectOptions(screen.getByLabelText('Company account'), 'adjustments');
    await user.upload(screen.getByTestId('file-input'), csv());
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByTestId('bulk-validation');
    expect(upload.mock.calls[0]![1]).toMatchObject({ from: 'company', companyAccount: 'adjustments' });
    expect(screen.queryByRole('table', { name: 'Bad rows' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect((screen.getByRole('button', { name: /^Submit for approval/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses what cannot be a bulk file before sending anything, and says what the server refused under its field', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPortal();
    await user.upload(screen.getByTestId('file-input'), new File(['%PDF'], 'salaries.pdf', { type: 'application/pdf' }));
    expect(screen.getByTestId('file-error').textContent).toBe(
      'salaries.pdf is not a CSV or XLSX file: save the spreadsheet as one of those (the template is a CSV).',
    );
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(screen.getByText('Business is required: the id or email of the business whose wallet pays')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();

    const { ClientError } = await import('@traction/core/client');
    upload.mockRejectedValue(
      new ClientError('not-found', 404, 'POST', '/ft/v1/bulk/upload', {
        code: '404',
        message: 'No business is 4242',
        details: { fields: [{ field: 'business', message: 'names no business' }] },
      }),
    );
    await user.type(screen.getByLabelText(/^Business/), '4242');
    await user.upload(screen.getByTestId('file-input'), csv());
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByText('Business: names no business')).toBeTruthy();
    expect(document.querySelector('[data-form-error]')?.textContent).toBe('No business is 4242');
  });
});
