import type { BulkUploadStatus } from '@traction/core';
import { describe, expect, it } from 'vitest';
import { bulkUploadFixture } from './bulkUploadFixture';
import { bulkUploadStatusNow, type ApprovalFacts } from './bulkUploadStatusNow';

describe('bulkUploadStatusNow', () => {
  it.each<[BulkUploadStatus, string]>([
    ['VALIDATED', "Checked, not submitted: all 5 rows are good (₦75,000.00). Submit it for a second admin's approval; nothing has moved."],
    ['AWAITING_APPROVAL', 'Waiting for approval by a second admin (approval request #31). Submitted 21 Nov 2026, 10:05. Nothing has moved.'],
    ['DECLINED', 'Declined (approval request #31). Nothing was sent: submit it again, or cancel it.'],
    ['EXPIRED', 'Nobody decided before the approval request ran out (approval request #31). Nothing was sent: submit it again, or cancel it.'],
    ['CANCELLED', 'Cancelled 21 Nov 2026, 10:30. Nothing was sent.'],
  ])('says what %s means and that nothing moved', (status, sentence) => {
    const upload = bulkUploadFixture({
      status,
      approvalRequestId: status === 'VALIDATED' ? null : 31,
      submittedAt: '2026-11-21T09:05:00.000Z',
      finishedAt: status === 'CANCELLED' ? '2026-11-21T09:30:00.000Z' : null,
    });
    expect(bulkUploadStatusNow(upload)).toBe(sentence);
  });

  it('names who declined and why, from the approval request', () => {
    const upload = bulkUploadFixture({ status: 'DECLINED', approvalRequestId: 31 });
    const request = { decidedByName: 'Bola Ade', decisionNote: 'Wrong month', expiresAt: '2026-11-23T09:05:00.000Z' } as ApprovalFacts['request'];
    expect(bulkUploadStatusNow(upload, { request, decidedBy: 'Finance' })).toBe(
      'Declined by Bola Ade: “Wrong month” (approval request #31). Nothing was sent: submit it again, or cancel it.',
    );
  });
});
