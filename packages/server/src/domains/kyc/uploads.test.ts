import type { ErrorBody } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';
import { jpegOfSize, kycSnapshot, SAMPLE_FILES, storedFiles, uploadAs } from '../../test/kyc-kit';

const LIMIT = 4 * 1024;

let t: TestApp;
let uploader: Actor;
let viewer: Actor;
beforeAll(async () => {
  // A small limit so "too large" needs no megabytes of test data; the default (5 MB) is checked below.
  t = await createTestApp({ config: { uploadMaxBytes: LIMIT } });
  uploader = await t.actor({ permissions: ['uploads.create', 'kyc.view'] });
  viewer = await t.actor({ permissions: ['kyc.view'] });
});
afterAll(() => t.close());

describe('uploading a document', () => {
  it.each([
    ['a JPEG', SAMPLE_FILES.jpeg, 'id-card.jpeg', 'image/jpeg', 'id-card.jpg'],
    ['a PNG', SAMPLE_FILES.png, 'utility bill.png', 'image/png', 'utility bill.png'],
    ['a PDF', SAMPLE_FILES.pdf, 'cac-certificate.pdf', 'application/pdf', 'cac-certificate.pdf'],
    // The content decides: a PDF named .txt and sent as text/plain is still a PDF.
    ['a PDF with the wrong name and claimed type', SAMPLE_FILES.pdf, 'scan.txt', 'application/pdf', 'scan.pdf'],
  ] as const)('stores %s, hashed, under a random key, and serves it back safely', async (_what, bytes, name, type, served) => {
    const business = await insertBusiness(t.db);
    const answer = await uploadAs(t, uploader, { bytes, name, type: 'text/plain' }, { businessId: String(business.id) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { upload } = answer.body;
    expect(upload).toMatchObject({ originalName: name, contentType: type, sizeBytes: bytes.length, businessId: business.id, uploadedBy: { id: uploader.id } });
    const { createHash } = await import('node:crypto');
    expect(upload.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));

    const row = await t.db.selectFrom('uploads').selectAll().where('id', '=', upload.id).executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^[0-9a-f]{64}$/);
    expect(storedFiles(t).some((path) => path.endsWith(row.storage_key))).toBe(true);

    const file = await t.app.request(`/v1/uploads/${upload.id}`, { headers: { authorization: `Bearer ${viewer.token}`, 'device-id': viewer.deviceId } });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(file.headers.get('content-type')).toBe(type);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(file.headers.get('content-disposition')).toContain(`attachment; filename="${served}"`);
    expect(file.headers.get('content-length')).toBe(String(bytes.length));
  });

  it.each([
    ['a Windows program renamed .pdf', SAMPLE_FILES.exe, 'statement.pdf', 'application/pdf'],
    ['an HTML page renamed .jpg', SAMPLE_FILES.html, 'photo.jpg', 'image/jpeg'],
    ['an SVG (it can carry script)', SAMPLE_FILES.svg, 'logo.svg', 'image/svg+xml'],
    ['an SVG renamed .png', SAMPLE_FILES.svg, 'logo.png', 'image/png'],
  ] as const)('refuses %s with 415 naming the file, and stores nothing', async (_what, bytes, name, type) => {
    const before = await kycSnapshot(t.db);
    const files = storedFiles(t).length;
    const answer = await uploadAs(t, uploader, { bytes, name, type });
    expect(answer.status).toBe(415);
    expect(answer.body.code).toBe('415');
    expect(answer.body.message).toMatch(/JPEG, PNG and PDF/);
    expect(answer.body.details.fields[0]).toMatchObject({ field: 'file' });
    expect(await kycSnapshot(t.db)).toEqual(before);
    expect(storedFiles(t)).toHaveLength(files);
  });

  it('refuses a file over the limit with 413 saying the limit, and one far over it before reading it; stores nothing', async () => {
    const before = await kycSnapshot(t.db);
    const files = storedFiles(t).length;
    const over = await uploadAs(t, uploader, { bytes: jpegOfSize(LIMIT + 1), name: 'big.jpg' });
    expect(over.status).toBe(413);
    expect(over.body.message).toBe('The file is 4 KB; the limit is 4 KB');
    expect(over.body.details.fields[0].field).toBe('file');
    const atLimit = await uploadAs(t, uploader, { bytes: jpegOfSize(LIMIT), name: 'ok.jpg' });
    expect(atLimit.status).toBe(200);
    await t.db.deleteFrom('uploads').where('id', '=', atLimit.body.upload.id).execute();
    const { rmSync } = await import('node:fs');
    for (const path of storedFiles(t).slice(files)) rmSync(path);

    const huge = await uploadAs(t, uploader, { bytes: jpegOfSize(LIMIT + 200 * 1024), name: 'huge.jpg' });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/larger than the 4 KB limit/);
    expect(await kycSnapshot(t.db)).toEqual(before);
    expect(storedFiles(t)).toHaveLength(files);
  });

  it('refuses an empty file, a missing file, and an unknown business, storing nothing', async () => {
    const before = await kycSnapshot(t.db);
    const empty = await uploadAs(t, uploader, { bytes: new Uint8Array(), name: 'empty.pdf' });
    expect(empty.status).toBe(400);
    expect(empty.body.details.fields[0].field).toBe('file');
    const missing = await t.app.request('/v1/uploads/', {
      method: 'POST',
      headers: { authorization: `Bearer ${uploader.token}`, 'device-id': uploader.deviceId },
      body: (() => {
        const form = new FormData();
        form.append('businessId', '1');
        return form;
      })(),
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).details?.fields?.[0]?.field).toBe('file');
    const unknown = await uploadAs(t, uploader, { bytes: SAMPLE_FILES.pdf, name: 'a.pdf' }, { businessId: '999999' });
    expect(unknown.status).toBe(404);
    expect(await kycSnapshot(t.db)).toEqual(before);
  });

  it('keeps only the base of the file name and drops control characters', async () => {
    const answer = await uploadAs(t, uploader, { bytes: SAMPLE_FILES.png, name: '..\\..\\etc/pass\u0007wd.png' });
    expect(answer.status).toBe(200);
    expect(answer.body.upload.originalName).toBe('passwd.png');
  });

  it('is audited with the file named, not stored, and refusals are audited too', async () => {
    const ok = await uploadAs(t, uploader, { bytes: SAMPLE_FILES.pdf, name: 'audit.pdf' });
    const refused = await uploadAs(t, uploader, { bytes: SAMPLE_FILES.html, name: 'audit.html' });
    expect([ok.status, refused.status]).toEqual([200, 415]);
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['outcome', 'input'])
      .where('command_id', '=', 'uploads.create')
      .where('admin_id', '=', uploader.id)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(rows.map((row) => row.outcome)).toEqual(['415', 'ok']);
    expect(rows[1]!.input).toMatchObject({ file: `[file ${SAMPLE_FILES.pdf.length} bytes]` });
  });
});

describe('a failed upload keeps no file', () => {
  // Failures provoked after the handler has stored the bytes: a trigger refuses the audit row,
  // or a deferred one refuses the commit itself.
  it.each([
    ['its audit row cannot be written', 'after insert on audit_log', "new.command_id = 'uploads.create' and new.outcome = 'ok'"],
    ['its transaction cannot commit', 'after insert on uploads deferrable initially deferred', 'true'],
  ])('when %s: 500, no row, and the stored bytes are deleted again', async (_what, event, condition) => {
    const failing = await t.actor({ permissions: ['uploads.create'] });
    const table = event.includes('audit_log') ? 'audit_log' : 'uploads';
    const by = table === 'audit_log' ? 'admin_id' : 'uploaded_by';
    await sql.raw(`create function fail_upload() returns trigger language plpgsql as $$ begin raise exception 'provoked failure'; end $$`).execute(t.db);
    await sql
      .raw(`create constraint trigger fail_upload ${event} for each row when (new.${by} = ${failing.id} and ${condition}) execute function fail_upload()`)
      .execute(t.db);
    try {
      const before = await kycSnapshot(t.db);
      const files = storedFiles(t).length;
      const answer = await uploadAs(t, failing, { bytes: SAMPLE_FILES.pdf, name: 'doomed.pdf' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(500);
      expect(await kycSnapshot(t.db)).toEqual(before);
      expect(storedFiles(t)).toHaveLength(files);
    } finally {
      await sql.raw(`drop trigger fail_upload on ${table}; drop function fail_upload()`).execute(t.db);
    }
    expect((await uploadAs(t, failing, { bytes: SAMPLE_FILES.pdf, name: 'fine.pdf' })).status).toBe(200);
  });
});

describe('an upload from a caller who may not send it is never read', () => {
  const SIZE = 5 * 1024 * 1024;
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A 5 MB multipart upload whose body counts the bytes anyone reads from it. */
  function streamedUpload(headers: Record<string, string>) {
    const boundary = 'traction-boundary';
    const head = new TextEncoder().encode(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
    );
    const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
    const body = new Uint8Array(SIZE);
    body.set(head);
    body.set(SAMPLE_FILES.jpeg, head.length);
    body.set(tail, SIZE - tail.length);
    const read = { bytes: 0 };
    let offset = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (offset >= SIZE) return controller.close();
          const chunk = body.subarray(offset, offset + 64 * 1024);
          offset += chunk.length;
          read.bytes += chunk.length;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    const response = app.app.request('/v1/uploads/', {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(SIZE) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    return { response, read };
  }

  it('401 without a session and 403 without uploads.create, before a byte of the body is read', async () => {
    const before = await kycSnapshot(app.db);
    const anonymous = streamedUpload({});
    expect((await anonymous.response).status).toBe(401);
    expect(anonymous.read.bytes).toBe(0);

    const stranger = await app.actor({ permissions: ['kyc.view'] });
    const refused = streamedUpload({ authorization: `Bearer ${stranger.token}`, 'device-id': stranger.deviceId });
    const answer = await refused.response;
    expect(answer.status).toBe(403);
    expect(refused.read.bytes).toBe(0);
    const audit = await app.db.selectFrom('audit_log').select(['outcome', 'input']).where('admin_id', '=', stranger.id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ outcome: '403' });
    expect(await kycSnapshot(app.db)).toEqual(before);

    // The same body from an uploader is read whole and stored: the counting works.
    const uploader = await app.actor({ permissions: ['uploads.create'] });
    const accepted = streamedUpload({ authorization: `Bearer ${uploader.token}`, 'device-id': uploader.deviceId });
    const stored = await accepted.response;
    expect(stored.status, await stored.clone().text()).toBe(200);
    expect(accepted.read.bytes).toBe(SIZE);
  });
});

describe('downloading a document', () => {
  it('answers 404 for an unknown upload and 403 without kyc.view', async () => {
    const answer = await uploadAs(t, uploader, { bytes: SAMPLE_FILES.jpeg, name: 'x.jpg' });
    expect((await viewer.request('GET', '/v1/uploads/999999')).status).toBe(404);
    const stranger = await t.actor({ permissions: ['uploads.create'] });
    const refused = await stranger.request('GET', `/v1/uploads/${answer.body.upload.id}`);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/json');
  });

  it('never serves bytes that no longer match the recorded type', async () => {
    const answer = await uploadAs(t, uploader, { bytes: SAMPLE_FILES.png, name: 'swap.png' });
    const row = await t.db.selectFrom('uploads').select('storage_key').where('id', '=', answer.body.upload.id).executeTakeFirstOrThrow();
    await t.files.put(row.storage_key, SAMPLE_FILES.html);
    const served = await viewer.request('GET', `/v1/uploads/${answer.body.upload.id}`);
    expect(served.status).toBe(404);
    expect(served.text).not.toContain('<script>');
  });

  it('the default limit is 5 MB', async () => {
    const { defaultConfig } = await import('../../config');
    expect(defaultConfig.uploadMaxBytes).toBe(5 * 1024 * 1024);
  });
});
