// @vitest-environment happy-dom
import {
  getApproval,
  getBulkTransfers,
  getJob,
  listBulkTransferRows,
  retryBulkTransferRows,
  retryTransfersBulk,
  type BulkRow,
  type BulkUpload,
  type JobView,
} from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import BulkStatusPage from './BulkStatusPage';
import { bulkUploadFixture } from './bulkUploadFixture';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

stubViewportSize();

const row = (over: Partial<BulkRow> & Pick<BulkRow, 'row' | 'status'>): BulkRow => ({
  bankInput: '058',
  bankCode: '058',
  bankName: 'Guaranty Trust Bank',
  accountNumber: '0123456789',
  accountName: 'ADA OKAFOR',
  expectedName: '',
  amount: 1_500_000,
  amountInput: '15,000.00',
  narration: 'November salary',
  reference: `BULK-12-${over.row}`,
  problems: '',
  refusal: null,
  transferId: null,
  firstTransferId: null,
  responseCode: null,
  responseMessage: null,
  updatedAt: null,
  ...over,
});

const job: JobView = {
  id: 7,
  kind: 'bulk-transfers.run',
  subject: 'Bulk upload #12 (november-salaries.csv)',
  status: 'running',
  finished: false,
  attempts: 1,
  lastError: null,
  result: null,
  runAt: null,
  createdAt: '2026-11-21T09:10:00.000Z',
  startedAt: '2026-11-21T09:10:01.000Z',
  finishedAt: null,
  updatedAt: '2026-11-21T09:10:02.000Z',
  createdById: 2,
  createdByName: 'Bola Ade',
  progress: {
    done: 6,
    total: 10,
    counts: { succeeded: 5, failed: 1, pending: 4, held: 1, refused: 1 },
    amount: 7_500_000,
    message: 'Sending: 10 rows started',
  },
};

const running = bulkUploadFixture({
  status: 'RUNNING',
  rowCount: 10,
  validRows: 10,
  total: 15_000_000,
  fees: 25_000,
  approvalRequestId: 31,
  jobId: 7,
  submittedAt: '2026-11-21T09:05:00.000Z',
  approvedAt: '2026-11-21T09:10:00.000Z',
  approvedByName: 'Bola Ade',
  progress: { rows: 10, done: 6, succeeded: 5, failed: 1, pending: 4, held: 1, refused: 1, amountMoved: 7_500_000 },
});
const done = bulkUploadFixture({
  ...running,
  status: 'DONE',
  finishedAt: '2026-11-21T09:20:00.000Z',
  progress: { rows: 10, done: 10, succeeded: 8, failed: 2, pending: 0, held: 0, refused: 1, amountMoved: 12_000_000 },
});

let answers: BulkUpload[];
beforeEach(() => {
  answers = [];
  call.mockReset();
  call.mockImplementation((command, input: Record<string, unknown>) => {
    if (command === getBulkTransfers) return Promise.resolve({ upload: answers.length > 1 ? answers.shift() : answers[0] });
    if (command === listBulkTransferRows) {
      const items = [
        row({ row: 1, status: 'SUCCESSFUL', transferId: 118 }),
        row({ row: 2, status: 'REFUSED', refusal: 'Mama Put Foods holds ₦0.00, less than ₦15,025.00' }),
        row({ row: 3, status: 'HELD', transferId: 120 }),
      ].filter((item) => input.outcome !== 'failed' || item.status === 'REFUSED');
      return Promise.resolve({ items, page: 1, pageSize: 100, total: items.length, hasMore: false });
    }
    if (command === getJob) return Promise.resolve(job);
    if (command === getApproval) {
      return Promise.resolve({
        request: {
          id: 31,
          commandId: 'transfers.bulk',
          label: 'Bulk transfer upload',
          businessId: 42,
          businessName: 'Mama Put Foods',
          businessEmail: 'ops@mamaput.ng',
          amount: 7_500_000,
          reason: 'November salaries',
          evidenceUploadId: null,
          requestedById: 1,
          requestedByName: 'Ada Obi',
          requestedAt: '2026-11-21T09:05:00.000Z',
          expiresAt: '2026-11-23T09:05:00.000Z',
          status: 'PENDING',
          decidedById: null,
          decidedByName: null,
          decidedAt: null,
          decisionNote: null,
          transferReference: null,
          subject: { kind: 'bulk-upload', id: 7 },
        },
        decidedBy: 'another admin holding “Upload bulk transfers”',
        you: { may: false, why: 'You asked for it' },
      });
    }
    return Promise.reject(new Error(`unexpected ${String((command as { id: string }).id)}`));
  });
});
afterEach(cleanup);

const ALL = ['transfers.view', 'transfers.bulk', 'transfers.retry', 'jobs.view', 'approvals.view'];

function renderStatus(permissions = ALL) {
  return renderWithSession(<BulkStatusPage />, { url: '/bulk-status/12', path: '/bulk-status/:id', permissions });
}

const words = () => screen.getByTestId('bulk-status-words').textContent;
const figure = (key: string) => document.querySelector(`[data-figure="${key}"]`)?.textContent;
const buttons = () =>
  within(screen.queryByRole('group', { name: 'Actions' }) ?? document.createElement('div'))
    .queryAllByRole('button')
    .map((button) => button.getAttribute('data-action'));

describe('Bulk Status', () => {
  it('shows a running upload’s progress live, with its job, rows and the actions it allows, until every row is final', async () => {
    answers = [running, done];
    const user = userEvent.setup();
    const { store } = renderStatus();
    expect(await screen.findByRole('heading', { name: 'Bulk upload #12' })).toBeTruthy();
    expect(words()).toBe('Approved by Bola Ade 21 Nov 2026, 10:10; 6 of 10 rows final, 4 on the way, 1 row held for review. ₦75,000.00 paid so far.');
    expect(figure('done')).toBe('Rows final6 of 1060%');
    expect(figure('succeeded')).toBe('Paid5');
    expect(figure('failed')).toBe('Failed11 refused before sending');
    expect(figure('pending')).toBe('On the way41 held for review');
    expect(figure('moved')).toBe('Amount paid₦75,000.00of ₦150,000.00');

    // The background job's own progress, polled by JobProgress.
    const bar = await screen.findByRole('progressbar', { name: 'Bulk upload #12 (november-salaries.csv): progress' });
    expect(bar.getAttribute('aria-valuetext')).toBe('6 of 10 rows');
    expect(document.querySelector('[data-job="7"] [data-count="held"]')?.textContent).toBe('Held for review1');

    // The rows: status in words, and a row's transfer opens with Enter.
    await waitFor(() => expect(document.querySelectorAll('[data-row-index]').length).toBe(3));
    // A refused row says why under Problems, where a narrow table still shows it.
    expect(document.querySelector('[data-row-key="2"] [data-tone="bad"]')?.textContent).toBe('Refused');
    expect(document.querySelector('[data-row-key="2"]')?.textContent).toContain('Refused: Mama Put Foods holds ₦0.00, less than ₦15,025.00');
    expect(screen.getByTestId('held-rows').textContent).toBe('1 row is held by the fraud rules until someone releases or blocks it: review the held transfer.');
    expect(screen.getByRole('link', { name: 'review the held transfer' }).getAttribute('href')).toBe('/funds-transfer?batchId=12&status=HELD');
    expect(call).toHaveBeenCalledWith(listBulkTransferRows, { id: 12, page: 1 }, expect.anything());
    expect(screen.getByRole('link', { name: 'Failed 1' }).getAttribute('href')).toBe('/bulk-status/12?outcome=failed');

    // One refused row, no row failed at the bank: retry refused only, and the transfers.
    expect(buttons()).toEqual(['r', 't']);
    await user.keyboard('r');
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: retryBulkTransferRows,
      fixed: { id: 12 },
      action: 'Retry 1 refused row of bulk upload #12',
    });

    // Refreshed while running: the next answer is final, and the rows are asked for again.
    const rowCalls = call.mock.calls.filter(([command]) => command === listBulkTransferRows).length;
    await waitFor(
      () => expect(words()).toContain('Finished 21 Nov 2026, 10:20: 8 of 10 rows paid, ₦120,000.00; 2 failed (1 refused row: nothing moved for it).'),
      {
        timeout: 5_000,
      },
    );
    await waitFor(() => expect(call.mock.calls.filter(([command]) => command === listBulkTransferRows).length).toBeGreaterThan(rowCalls));
    expect(document.querySelector('[data-watching]')).toBeNull();
    expect(buttons()).toEqual(['r', 'f', 't']);
    store.set(commandRequestAtom, null);
    await user.keyboard('f');
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: retryTransfersBulk,
      fixed: { matching: { batchId: 12, status: 'FAILED' } },
      action: 'Retry the failed transfers of bulk upload #12',
    });
  }, 10_000);

  it('says who must approve an upload waiting for approval, links the request, and offers to cancel it', async () => {
    answers = [bulkUploadFixture({ status: 'AWAITING_APPROVAL', approvalRequestId: 31, submittedAt: '2026-11-21T09:05:00.000Z', reason: 'November salaries' })];
    renderStatus();
    await screen.findByRole('heading', { name: 'Bulk upload #12' });
    await waitFor(() =>
      expect(words()).toBe(
        'Waiting for approval by another admin holding “Upload bulk transfers” (approval request #31), until 23 Nov 2026, 10:05. Submitted 21 Nov 2026, 10:05. Nothing has moved.',
      ),
    );
    expect(screen.getByTestId('approval-link').getAttribute('href')).toBe('/approvals/31');
    expect(buttons()).toEqual(['c']);
    expect(screen.queryByTestId('submit-upload')).toBeNull();
    expect(document.querySelector('[data-watching]')?.textContent).toBe('Refreshed every 10 s until decided');
  });

  it('hides every action from an admin who may only look, and says so where an upload waits to be submitted', async () => {
    answers = [done];
    renderStatus(['transfers.view']);
    await screen.findByRole('heading', { name: 'Bulk upload #12' });
    // Transfers is a link to look at, not an action on the upload.
    expect(buttons()).toEqual(['t']);
    expect(document.querySelector('[data-job]')).toBeNull();
    cleanup();

    answers = [bulkUploadFixture({ badRows: 2, validRows: 3 })];
    renderStatus(['transfers.view']);
    await screen.findByRole('heading', { name: 'Bulk upload #12' });
    expect(buttons()).toEqual([]);
    expect(screen.queryByRole('button', { name: /Submit for approval/ })).toBeNull();
    expect(screen.getByTestId('submit-not-allowed')).toBeTruthy();
    expect(words()).toContain('2 bad rows must be fixed in the file and uploaded again, or left out when submitting');
  });
});
