// @vitest-environment happy-dom
import { getJob, type JobView } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { JobProgress } from './JobProgress';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

beforeEach(() => {
  call.mockReset();
});
afterEach(cleanup);

const job = ({ progress, ...over }: Partial<Omit<JobView, 'progress'>> & { progress?: Partial<JobView['progress']> } = {}): JobView => ({
  id: 12,
  kind: 'bulk-transfers.run',
  subject: 'Bulk upload #12',
  status: 'running',
  finished: false,
  attempts: 1,
  lastError: null,
  result: null,
  runAt: null,
  createdAt: '2026-11-21T09:00:00.000Z',
  startedAt: '2026-11-21T09:00:01.000Z',
  finishedAt: null,
  updatedAt: '2026-11-21T09:00:02.000Z',
  createdById: 1,
  createdByName: 'Ada Obi',
  ...over,
  progress: { done: 0, total: null, counts: {}, amount: null, message: null, ...progress },
});

describe('JobProgress', () => {
  it('polls jobs.get while the job runs and stops once it has finished, showing the bar, counts, amount and message', async () => {
    const answers = [
      job({ progress: { done: 1_200, total: 5_000, counts: { succeeded: 1_100, failed: 40, pending: 60 }, amount: 150_000_050, message: 'Sending rows' } }),
      job({
        status: 'done',
        finished: true,
        finishedAt: '2026-11-21T09:05:00.000Z',
        progress: { done: 5_000, total: 5_000, counts: { succeeded: 4_950, failed: 50, pending: 0 }, amount: 600_000_000 },
      }),
    ];
    call.mockImplementation((command, input) => {
      expect(command).toBe(getJob);
      expect(input).toEqual({ id: 12 });
      return Promise.resolve(answers.length > 1 ? answers.shift() : answers[0]);
    });
    const finished = vi.fn();
    renderWithSession(<JobProgress jobId={12} unit="rows" countLabels={{ succeeded: 'Paid' }} onFinished={finished} pollMs={20} />, { url: false });

    const bar = await screen.findByRole('progressbar', { name: 'Bulk upload #12: progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1200');
    expect(bar.getAttribute('aria-valuemax')).toBe('5000');
    expect(bar.getAttribute('aria-valuetext')).toBe('1,200 of 5,000 rows');
    const box = document.querySelector('[data-job="12"]')!;
    expect(box.getAttribute('data-job-status')).toBe('running');
    expect(box.querySelector('[data-job-figures]')!.textContent).toBe('1,200 of 5,000 rows (24%)');
    expect(box.querySelector('[data-job-amount]')!.textContent).toBe('₦1,500,000.50 moved');
    expect(box.querySelector('[data-count="succeeded"]')!.textContent).toBe('Paid1,100');
    expect(box.querySelector('[data-count="pending"]')!.textContent).toBe('Pending60');
    expect(box.querySelector('[data-job-message]')!.textContent).toBe('Sending rows');
    expect(screen.getByText('Running')).toBeTruthy();

    await waitFor(() => expect(document.querySelector('[data-job="12"]')!.getAttribute('data-job-status')).toBe('done'));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5000');
    expect(screen.getByText('Finished')).toBeTruthy();
    expect(finished).toHaveBeenCalledTimes(1);
    expect(finished.mock.calls[0]![0]).toMatchObject({ id: 12, status: 'done' });
    const calls = call.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(call.mock.calls.length).toBe(calls);
  });

  it('an unknown total leaves the bar without a value; a failed job says why it stopped', async () => {
    call.mockResolvedValue(job({ status: 'failed', finished: true, lastError: 'The provider refused the batch', progress: { done: 3 } }));
    renderWithSession(<JobProgress jobId={12} />, { url: false });
    const bar = await screen.findByRole('progressbar');
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.getAttribute('aria-valuetext')).toBe('3 items');
    expect(document.querySelector('[data-job-error]')!.textContent).toBe('Stopped: The provider refused the batch');
    expect(screen.getByText('Failed')).toBeTruthy();
  });

  it('a job that ran and waits to run again says when it looks next, not that it waits to start', async () => {
    call.mockResolvedValue(
      job({
        status: 'queued',
        attempts: 2,
        runAt: '2026-11-21T09:06:00.000Z',
        lastError: '10 of 50 rows are not final yet',
        progress: { done: 40, total: 50, message: '40 paid; 10 waiting for an answer' },
      }),
    );
    renderWithSession(<JobProgress jobId={12} unit="rows" />, { url: false });
    expect(await screen.findByText('Waiting to look again')).toBeTruthy();
    expect(screen.queryByText('Waiting to start')).toBeNull();
    // Why it waits is said with when it looks next, not as a failed attempt.
    expect(document.querySelector('[data-job-next]')!.textContent).toBe('Next look at 21 Nov 2026, 10:06: 10 of 50 rows are not final yet');
    expect(document.querySelector('[data-job-error]')).toBeNull();
  });

  it("says the server's refusal and stops asking", async () => {
    call.mockRejectedValue(new ClientError('not-found', 404, 'GET', '/api/jobs/99', { code: '404', message: 'There is no background job 99' }));
    renderWithSession(<JobProgress jobId={99} pollMs={20} />, { url: false });
    expect((await screen.findByRole('alert')).textContent).toBe('There is no background job 99');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(call).toHaveBeenCalledTimes(1);
  });
});
