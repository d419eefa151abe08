// @vitest-environment happy-dom
import { uploadBulkTransfers, type CommandInput } from '@traction/core';
import { ClientError, STORAGE_KEYS } from '@traction/core/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callWithUploadProgress } from './callWithUploadProgress';

const reported = vi.fn();
vi.mock('../../app/client', () => ({
  client: { store: { get: (key: string) => (key === STORAGE_KEYS.token ? 'tok-1' : null), set: () => {}, remove: () => {} }, deviceId: 'dev-1' },
  reportClientFailure: (...args: unknown[]) => reported(...args),
}));

/** A stand-in for the browser's XMLHttpRequest: records what is sent and answers when told. */
class FakeRequest {
  static last: FakeRequest | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => {
  reported.mockReset();
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => vi.unstubAllGlobals());

// Core types the file as Node's Blob; the browser's File is the same thing at run time.
const file = () =>
  new File(['bank_code,account_number,amount,narration\n'], 'pay.csv', { type: 'text/csv' }) as unknown as CommandInput<typeof uploadBulkTransfers>['file'];

describe('callWithUploadProgress', () => {
  it('sends the command as multipart with the session, reports the share sent, and answers the parsed body', async () => {
    const progress = vi.fn();
    const answer = callWithUploadProgress(
      uploadBulkTransfers,
      { file: file(), from: 'wallet', business: '42' },
      { onProgress: progress, idempotencyKey: 'key-1' },
    );
    const request = FakeRequest.last!;
    expect([request.method, request.url]).toEqual(['POST', '/ft/v1/bulk/upload']);
    expect(request.headers).toMatchObject({ authorization: 'Bearer tok-1', 'device-id': 'dev-1', 'idempotency-key': 'key-1' });
    const form = request.body as FormData;
    expect([form.get('from'), form.get('business'), (form.get('file') as File).name]).toEqual(['wallet', '42', 'pay.csv']);
    request.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    request.upload.onload?.();
    expect(progress.mock.calls).toEqual([[0.25], [1]]);
    request.answer(200, { message: 'checked' });
    expect(await answer).toEqual({ message: 'checked' });
  });

  it("refuses with the client's error, told to the console's failure handling", async () => {
    const answer = callWithUploadProgress(uploadBulkTransfers, { file: file(), from: 'wallet', business: '4242' });
    FakeRequest.last!.answer(404, { code: '404', message: 'No business is 4242', details: { fields: [{ field: 'business', message: 'names no business' }] } });
    const error = await answer.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ kind: 'not-found', status: 404, userMessage: 'No business is 4242' });
    expect((error as ClientError).details?.fields).toEqual([{ field: 'business', message: 'names no business' }]);
    expect(reported).toHaveBeenCalledWith(error);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const answer = callWithUploadProgress(uploadBulkTransfers, { file: file(), from: 'company', companyAccount: 'fee-income' }, { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });
});
