import type { BulkProgress, BulkUpload, BulkValidation } from '@traction/core';

const NO_PROGRESS: BulkProgress = { rows: 0, done: 0, succeeded: 0, failed: 0, pending: 0, held: 0, refused: 0, amountMoved: 0 };

/** A bulk upload as the server answers it (tests): five rows from Mama Put Foods, checked, not submitted. */
export function bulkUploadFixture({ progress, ...over }: Partial<Omit<BulkUpload, 'progress'>> & { progress?: Partial<BulkProgress> } = {}): BulkUpload {
  return {
    id: 12,
    fileName: 'november-salaries.csv',
    sha256: 'a'.repeat(64),
    format: 'csv',
    status: 'VALIDATED',
    businessId: 42,
    companyAccount: null,
    source: 'Mama Put Foods',
    rowCount: 5,
    validRows: 5,
    badRows: 0,
    excludedRows: 0,
    total: 7_500_000,
    fees: 12_500,
    approvalRequestId: null,
    jobId: null,
    reason: null,
    createdAt: '2026-11-21T09:00:00.000Z',
    createdById: 1,
    createdByName: 'Ada Obi',
    submittedAt: null,
    approvedAt: null,
    approvedByName: null,
    finishedAt: null,
    updatedAt: '2026-11-21T09:00:00.000Z',
    ...over,
    progress: { ...NO_PROGRESS, ...progress },
  };
}

/** What the upload command answers for a file of five rows, two of them bad (rows 2 and 4). */
export function badRowsValidationFixture(): BulkValidation {
  return {
    upload: bulkUploadFixture({ validRows: 3, badRows: 2, total: 4_500_000, fees: 7_500 }),
    problems: [
      { row: 2, field: 'account_number', message: '012345678 must be 10 digits' },
      { row: 4, field: 'amount', message: '“1,50.00” is not an amount in Naira' },
      { row: 4, field: 'bank_code', message: 'no bank is called “Zenit”' },
    ],
    warnings: ['Mama Put Foods holds ₦30,000.00, less than the ₦45,075.00 these rows and fees need: rows will be refused when the balance runs out.'],
    reused: false,
    message: 'november-salaries.csv: 5 rows, 3 good (₦45,000.00), 2 bad. Nothing moves until it is submitted and approved.',
  };
}
