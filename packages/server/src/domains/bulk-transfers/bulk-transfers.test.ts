import { utils, write } from '@e965/xlsx';
import { BULK_TRANSFER_JOB, nuban } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type LooseBody, type TestApp } from '../../test/harness';
import { ledgerFingerprint, ledgerWallet } from '../../test/ledger-kit';
import { idempotencyKey } from '../../test/risk-kit';
import { JobLeaseLost, jobRegistry, runDueJobs } from '../jobs/index';
import { balances, openCompanyAccounts, post } from '../ledger/index';
import { runBulkUpload } from './index';

const UPLOAD = '/ft/v1/bulk/upload';
const LIST = '/ft/v1/history/bulk';
const GTBANK = '058';
const HEADER = 'bank_code,account_number,amount,narration,reference,account_name';

let t: TestApp;
let uploader: Actor;
let approver: Actor;
let viewer: Actor;
let serials = 0;

beforeAll(async () => {
  t = await createTestApp();
  uploader = await t.actor({ permissions: ['transfers.bulk', 'transfers.view', 'approvals.view'] });
  approver = await t.actor({ permissions: ['transfers.bulk', 'transfers.view', 'approvals.view'] });
  viewer = await t.actor({ permissions: ['transfers.view'] });
});
afterAll(() => t.close());

/** A valid account number at `bank` whose serial ends as asked (the sandbox's provocations: 991 fails, 993 pending then paid, 994 pending then failed, 995 times out but paid, 997 unknown). */
const account = (ending = '123', bank = GTBANK) => nuban(bank, `${String(100_000 + ++serials).padStart(6, '0')}${ending}`);

/** A Tier 3 merchant (KYC exempt) holding `funds` kobo. */
async function merchant(funds = 1_000_000_000) {
  const made = await ledgerWallet(t.db, { funds, business: { kyc_exempt: true } });
  const balance = async () => (await balances(t.db, [made.account.id])).get(made.account.id) ?? 0n;
  return { ...made, balance };
}

async function upload(as: Actor, file: { body: string | Uint8Array; name?: string }, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const bytes = typeof file.body === 'string' ? new TextEncoder().encode(file.body) : file.body;
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], file.name ?? 'payouts.csv'));
  const response = await t.app.request(UPLOAD, { method: 'POST', headers: { authorization: `Bearer ${as.token}`, 'device-id': as.deviceId }, body: form });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as LooseBody, text };
}

const csv = (rows: string[][]) => [HEADER, ...rows.map((row) => row.join(','))].join('\n');
const row = (accountNumber: string, amount = '1,500.00', extra: Partial<{ bank: string; narration: string; reference: string; name: string }> = {}) => [
  extra.bank ?? GTBANK,
  accountNumber,
  `"${amount}"`,
  extra.narration ?? 'November salary',
  extra.reference ?? '',
  extra.name ?? '',
];

const submit = (as: Actor, id: number, body: Record<string, unknown> = {}) =>
  as.request('POST', `/ft/v1/bulk/${id}/submit`, { body: { id, reason: 'November salaries for the Ikeja shop', ...body } });
const approve = (as: Actor, requestId: number) => as.request('POST', `/api/approvals/${requestId}/approve`, { headers: idempotencyKey() });
const get = async (id: number) => (await viewer.request('GET', `/ft/v1/bulk/${id}`)).body.upload;
const rows = async (id: number, query: Record<string, string> = {}) =>
  (await viewer.request('GET', `/ft/v1/bulk/${id}/rows`, { query })).body.items as LooseBody[];

/** Runs the jobs, moving the clock a minute at a time, until the upload is done (pending answers turn final on the sandbox's clock). */
async function runUntilDone(id: number, rounds = 12) {
  for (let round = 0; round < rounds; round++) {
    await t.runJobs();
    const upload = await get(id);
    if (upload.status === 'DONE') return upload;
    t.clock.advance(61_000);
  }
  return get(id);
}

/** Uploads a clean file, submits it, and has the second admin approve it. */
async function approvedUpload(fields: Record<string, string>, lines: string[][]) {
  const uploaded = await upload(uploader, { body: csv(lines) }, fields);
  expect(uploaded.status, uploaded.text).toBe(200);
  const submitted = await submit(uploader, uploaded.body.upload.id);
  expect(submitted.status, submitted.text).toBe(200);
  const approved = await approve(approver, submitted.body.upload.approvalRequestId);
  expect(approved.status, approved.text).toBe(200);
  return uploaded.body.upload.id as number;
}

describe('the template', () => {
  it('is a CSV naming every column, with example rows that pass the checks', async () => {
    const answer = await uploader.request('GET', '/ft/v1/bulk/template');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toContain('bulk-transfers-template.csv');
    expect(answer.text.split('\n')[0]).toBe(HEADER);
    const m = await merchant();
    const checked = await upload(uploader, { body: answer.text, name: 'template.csv' }, { business: String(m.business.id) });
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body.upload).toMatchObject({ rowCount: 2, validRows: 2, badRows: 0, total: 150_000 + 25_000_000 });
  });
});

describe('checking a file', () => {
  it('shows every bad row with its column and sentence, and the total of the good ones, and starts nothing', async () => {
    const m = await merchant();
    const good = account();
    const badCheckDigit = `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`;
    const before = await ledgerFingerprint(t.db);
    const answer = await upload(
      uploader,
      {
        body: csv([
          row(good),
          row(badCheckDigit),
          row(account(), '2,000', { bank: '999' }),
          row(account(), '0.00'),
          row(good),
          row(account('997')),
          row(account('123', '057'), '₦20,000.50', { bank: 'Zenith Bank' }),
          row(account(), 'twenty'),
          row(account(), '100', { narration: 'x' }),
        ]),
      },
      { business: m.business.email },
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.upload).toMatchObject({ status: 'VALIDATED', rowCount: 9, validRows: 2, badRows: 7, total: 150_000 + 2_000_050 });
    expect(answer.body.upload.fees).toBeGreaterThan(0);
    const problems = (answer.body.problems as { row: number; field: string; message: string }[]).map((problem) => [problem.row, problem.field]);
    expect(problems).toEqual([
      [2, 'account_number'],
      [3, 'bank_code'],
      [4, 'amount'],
      [5, 'row'],
      [6, 'account_number'],
      [8, 'amount'],
      [9, 'narration'],
    ]);
    const sentences = answer.body.problems.map((problem: { message: string }) => problem.message).join('\n');
    expect(sentences).toMatch(/check digit is wrong/);
    expect(sentences).toMatch(/999 is not a bank/);
    expect(sentences).toMatch(/must be more than zero/);
    expect(sentences).toMatch(/repeats row 1/);
    expect(sentences).toMatch(/holds no account/);
    expect(answer.body.message).toMatch(/7 are bad/);
    expect(await ledgerFingerprint(t.db)).toBe(before);
    expect(await t.db.selectFrom('bank_transfers').select('id').where('batch_id', '=', BigInt(answer.body.upload.id)).execute()).toEqual([]);

    const bad = await rows(answer.body.upload.id, { outcome: 'bad' });
    expect(bad.map((item) => item.row)).toEqual([2, 3, 4, 5, 6, 8, 9]);
    expect(bad[0]).toMatchObject({ status: 'INVALID', problems: expect.stringMatching(/^account_number: /) });
    const named = (await rows(answer.body.upload.id, { outcome: 'pending' })).find((item) => item.row === 7);
    expect(named).toMatchObject({ bankCode: '057', bankName: 'Zenith Bank', amount: 2_000_050, accountName: expect.stringMatching(/\S/) });
  });

  it('refuses to submit while bad rows remain; excluding them explicitly asks for approval of the rest', async () => {
    const m = await merchant();
    const answer = await upload(
      uploader,
      { body: csv([row(account()), row(account(), '-5'), row(account(), '3,000.00')]) },
      { business: String(m.business.id) },
    );
    const { id } = answer.body.upload;
    const refused = await submit(uploader, id);
    expect(refused.status).toBe(409);
    expect(refused.body.details.reason).toBe('bad_rows');
    expect(refused.body.message).toMatch(/1 bad row.*excluding the bad rows/);
    expect((await get(id)).status).toBe('VALIDATED');

    const submitted = await submit(uploader, id, { excludeBadRows: true });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body.upload).toMatchObject({ status: 'AWAITING_APPROVAL', excludedRows: 1 });
    const request = await approver.request('GET', `/api/approvals/${submitted.body.upload.approvalRequestId}`);
    expect(request.body.request).toMatchObject({
      commandId: 'transfers.bulk',
      label: 'Bulk transfer',
      amount: 450_000,
      businessId: m.business.id,
      subject: { kind: 'bulk-upload', id },
    });
    expect((await rows(id, { status: 'EXCLUDED' })).map((item) => item.row)).toEqual([2]);
  });

  it('reads an XLSX workbook, account numbers kept as numbers included', async () => {
    const m = await merchant();
    const withZero = nuban(GTBANK, '012345678');
    const sheet = utils.aoa_to_sheet([
      ['Bank Code', 'Account Number', 'Amount', 'Narration'],
      [58, Number(withZero), 1500.5, 'Stock from Alaba'],
      ['GTBank', account(), '2,000', 'Transport'],
    ]);
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, 'Payouts');
    const bytes = new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const answer = await upload(uploader, { body: bytes, name: 'payouts.xlsx' }, { business: String(m.business.id) });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.upload).toMatchObject({ format: 'xlsx', rowCount: 2, validRows: 2, total: 150_050 + 200_000 });
    expect((await rows(answer.body.upload.id))[0]).toMatchObject({ accountNumber: withZero, bankCode: GTBANK });
  });

  it.each([
    ['no file', {}, undefined, 'file'],
    ['no business to pay from', { from: 'wallet' }, csv([row(account())]), 'business'],
    ['no company account', { from: 'company' }, csv([row(account())]), 'companyAccount'],
    ['a header without the amount column', { business: '1' }, 'bank_code,account_number,narration\n058,0123456789,Rent', 'file'],
    ['a header and no rows', { business: '1' }, HEADER, 'file'],
  ])('%s is a 400 naming the field', async (_name, fields, body, field) => {
    const answer =
      body === undefined ? await uploader.request('POST', UPLOAD, { body: fields }) : await upload(uploader, { body }, fields as Record<string, string>);
    expect(answer.status, answer.text).toBe(400);
    expect(JSON.stringify(answer.body.details)).toContain(`"${field}"`);
  });

  it('answers the standing upload of the same file and source instead of storing it again, when asked to reuse', async () => {
    const m = await merchant();
    const file = csv([row(account()), row(account(), '700')]);
    const first = await upload(uploader, { body: file }, { business: String(m.business.id), reuse: 'true' });
    const again = await upload(uploader, { body: file }, { business: String(m.business.id), reuse: 'true' });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ reused: true, upload: { id: first.body.upload.id } });
    const fresh = await upload(uploader, { body: file }, { business: String(m.business.id) });
    expect(fresh.body.reused).toBe(false);
    expect(fresh.body.upload.id).not.toBe(first.body.upload.id);
    const listed = await viewer.request('GET', LIST, { query: { sha256: first.body.upload.sha256 } });
    expect(listed.body.items.map((item: { id: number }) => item.id).sort()).toEqual([first.body.upload.id, fresh.body.upload.id].sort());
  });
});

describe('approval and the run', () => {
  it('is never approved by the admin who submitted it; a second admin runs it, and each row ends as its bank answers', async () => {
    const m = await merchant();
    const lines = [
      row(account()),
      row(account('991')),
      row(account('993')),
      row(account('994')),
      row(account('995')),
      row(account(), '250', { reference: 'PAY-NOV-0006' }),
    ];
    const uploaded = await upload(uploader, { body: csv(lines) }, { business: String(m.business.id) });
    const { id } = uploaded.body.upload;
    const submitted = await submit(uploader, id);
    const requestId = submitted.body.upload.approvalRequestId as number;
    const own = await approve(uploader, requestId);
    expect(own.status).toBe(409);
    expect(own.body.details.reason).toBe('own_request');
    await t.runJobs();
    expect(await t.db.selectFrom('bank_transfers').select('id').where('batch_id', '=', BigInt(id)).execute()).toEqual([]);

    const approved = await approve(approver, requestId);
    expect(approved.status, approved.text).toBe(200);
    const running = await get(id);
    expect(running).toMatchObject({ status: 'RUNNING', approvedByName: expect.stringMatching(/\S/), jobId: expect.any(Number) });

    const done = await runUntilDone(id);
    expect(done.status).toBe('DONE');
    expect(done.progress).toMatchObject({ rows: 6, done: 6, succeeded: 4, failed: 2, pending: 0, amountMoved: 150_000 * 3 + 25_000 });
    const byRow: Record<number, LooseBody> = Object.fromEntries((await rows(id)).map((item) => [item.row, item]));
    expect([1, 2, 3, 4, 5, 6].map((n) => byRow[n].status)).toEqual(['SUCCESSFUL', 'FAILED', 'SUCCESSFUL', 'FAILED', 'SUCCESSFUL', 'SUCCESSFUL']);
    expect(byRow[6].reference).toBe('PAY-NOV-0006');
    expect(byRow[1].reference).toBe(`BULK-${id}-1`);
    expect(byRow[2]).toMatchObject({ responseCode: '57', transferId: expect.any(Number) });
    const fee = BigInt(done.fees / 6);
    // Failures were reversed, principal and fee: the wallet paid the four successes and their fees.
    expect(await m.balance()).toBe(1_000_000_000n - BigInt(done.progress.amountMoved) - 4n * fee);
    const sessions = await t.db
      .selectFrom('sandbox_transfer_sessions')
      .select(['sends'])
      .where(
        'reference',
        'in',
        Object.values(byRow).map((item: LooseBody) => item.reference as string),
      )
      .execute();
    expect(sessions).toHaveLength(6);
    expect(sessions.every((session) => session.sends === 1)).toBe(true);

    const failedCsv = await viewer.request('GET', `/ft/v1/bulk/${id}/rows`, { query: { outcome: 'failed', download: 'csv' } });
    expect(failedCsv.status).toBe(200);
    const lines2 = failedCsv.text.trim().split('\n');
    expect(lines2).toHaveLength(3);
    expect(lines2[0]).toMatch(/^\uFEFF?Row,Status,/);
    // The list shows the figures the run recorded when it last looked.
    t.clock.advance(301_000);
    await t.runJobs();
    const listed = await viewer.request('GET', LIST, { query: { search: 'payouts' } });
    expect(listed.body.items.find((item: { id: number }) => item.id === id)).toMatchObject({ status: 'DONE', succeeded: 4, failed: 2, pending: 0 });
  });

  it('records a row the balance cannot cover as refused, sends the rest, and sends it once retried after a top-up', async () => {
    const m = await merchant(400_000);
    const id = await approvedUpload({ business: String(m.business.id) }, [row(account(), '1,500.00'), row(account(), '1,500.00'), row(account(), '1,500.00')]);
    const first = await runUntilDone(id);
    expect(first.status).toBe('DONE');
    expect(first.progress).toMatchObject({ succeeded: 2, failed: 1, refused: 1 });
    const refused = (await rows(id, { status: 'REFUSED' }))[0];
    expect(refused.refusal).toMatch(/insufficient|holds|cannot/i);
    expect(refused.transferId).toBeNull();

    const company = await openCompanyAccounts(t.db);
    await t.db
      .transaction()
      .execute((trx) => post(trx, [{ debit: company.floatWema, credit: m.account.id, amount: 500_000, kind: 'pos_credit', reference: `TOPUP-${id}` }]));
    const retried = await uploader.request('POST', `/ft/v1/bulk/${id}/retry`, { body: { id, reason: 'Wallet topped up' }, headers: idempotencyKey() });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.upload.status).toBe('RUNNING');
    const second = await runUntilDone(id);
    expect(second.progress).toMatchObject({ succeeded: 3, failed: 0, refused: 0, pending: 0 });
    const again = await uploader.request('POST', `/ft/v1/bulk/${id}/retry`, { body: { id, reason: 'Again' }, headers: idempotencyKey() });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/transfers\.retry-bulk/);
  });

  it('pays from a company account, approved like any other', async () => {
    const company = await openCompanyAccounts(t.db);
    await t.db
      .transaction()
      .execute((trx) => post(trx, [{ debit: company.floatWema, credit: company.feeIncome, amount: 10_000_000, kind: 'pos_credit', reference: 'FEE-FUND-1' }]));
    const id = await approvedUpload({ from: 'company', companyAccount: 'fee-income' }, [row(account(), '5,000')]);
    const request = await approver.request('GET', `/api/approvals/${(await get(id)).approvalRequestId}`);
    expect(request.body.request).toMatchObject({ businessId: null, businessName: 'Traction (company account)', status: 'APPROVED' });
    const done = await runUntilDone(id);
    expect(done).toMatchObject({ status: 'DONE', source: 'Fee income', fees: 0, progress: { succeeded: 1 } });
  });

  it('a run cut short and taken over by another process carries on from the next row and pays no row twice', async () => {
    const m = await merchant();
    const lines = Array.from({ length: 130 }, (_, index) => row(account(), String(100 + index)));
    const id = await approvedUpload({ business: String(m.business.id) }, lines);
    // A process that dies after its first chunk: the lease it held lapses, unreported.
    let chunks = 0;
    const dying = jobRegistry([
      {
        kind: BULK_TRANSFER_JOB,
        run: (job) =>
          runBulkUpload({
            ...job,
            payload: job.payload as { uploadId: number },
            progress: async () => {
              chunks += 1;
              throw new JobLeaseLost('killed');
            },
          }),
      },
    ]);
    expect(await runDueJobs(t.deps, dying, { kinds: [BULK_TRANSFER_JOB], workerId: 'dead-process' })).toBe(1);
    expect(chunks).toBe(1);
    const started = await t.db.selectFrom('bank_transfers').select('id').where('batch_id', '=', BigInt(id)).execute();
    expect(started).toHaveLength(100);
    // Two runs at once after the takeover: the upload's lock makes them take turns.
    t.clock.advance(121_000);
    await Promise.all([t.runJobs(), runBulkUpload(fakeJob(id))]);
    const done = await runUntilDone(id);
    expect(done.progress).toMatchObject({ rows: 130, succeeded: 130, pending: 0 });
    const transfers = await t.db.selectFrom('bank_transfers').select(['batch_row']).where('batch_id', '=', BigInt(id)).execute();
    expect(new Set(transfers.map((transfer) => transfer.batch_row)).size).toBe(130);
    expect(transfers).toHaveLength(130);
    const sends = await t.db
      .selectFrom('sandbox_transfer_sessions as s')
      .innerJoin('bank_transfers as b', 'b.session_id', 's.session_id')
      .select(['s.sends'])
      .where('b.batch_id', '=', BigInt(id))
      .execute();
    expect(sends).toHaveLength(130);
    expect(sends.every((session) => session.sends === 1)).toBe(true);
  });

  it('a cancelled upload cannot be approved, and a declined one can be submitted again', async () => {
    const m = await merchant();
    const uploaded = await upload(uploader, { body: csv([row(account())]) }, { business: String(m.business.id) });
    const { id } = uploaded.body.upload;
    const first = await submit(uploader, id);
    const declined = await approver.request('POST', `/api/approvals/${first.body.upload.approvalRequestId}/decline`, {
      body: { reason: 'Wrong month' },
    });
    expect(declined.status, declined.text).toBe(200);
    expect((await get(id)).status).toBe('DECLINED');
    const second = await submit(uploader, id);
    expect(second.status, second.text).toBe(200);
    expect(second.body.upload.approvalRequestId).not.toBe(first.body.upload.approvalRequestId);
    const cancelled = await uploader.request('POST', `/ft/v1/bulk/${id}/cancel`, { body: { id, reason: 'Paid by cheque instead' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.upload.status).toBe('CANCELLED');
    const late = await approve(approver, second.body.upload.approvalRequestId);
    expect(late.status).toBe(409);
    await t.runJobs();
    expect(await t.db.selectFrom('bank_transfers').select('id').where('batch_id', '=', BigInt(id)).execute()).toEqual([]);
  });
});

describe('permissions', () => {
  it('uploading and submitting need transfers.bulk; reading needs transfers.view', async () => {
    const m = await merchant();
    const refused = await upload(viewer, { body: csv([row(account())]) }, { business: String(m.business.id) });
    expect(refused.status).toBe(403);
    const mine = await upload(uploader, { body: csv([row(account())]) }, { business: String(m.business.id) });
    expect((await submit(viewer, mine.body.upload.id)).status).toBe(403);
    const nobody = await t.actor({ permissions: [] });
    expect((await nobody.request('GET', `/ft/v1/bulk/${mine.body.upload.id}`)).status).toBe(403);
    expect((await nobody.request('GET', LIST)).status).toBe(403);
    expect((await viewer.request('GET', `/ft/v1/bulk/${mine.body.upload.id}`)).status).toBe(200);
    expect((await viewer.request('GET', '/ft/v1/bulk/999999')).status).toBe(404);
    expect((await viewer.request('GET', '/ft/v1/bulk/999999/rows')).status).toBe(404);
  });
});

/** The job as a second process would run it, without the queue (its progress always kept). */
function fakeJob(uploadId: number) {
  return {
    id: 0,
    kind: BULK_TRANSFER_JOB,
    payload: { uploadId },
    attempt: 1,
    deps: t.deps,
    signal: new AbortController().signal,
    progress: async () => undefined,
  };
}
