import { buildPath, createUpload, type ErrorBody, type UploadInfo } from '@traction/core';
import { STORAGE_KEYS } from '@traction/core/client';
import { client } from '../../app/client';

/**
 * uploads.create with upload progress, which fetch cannot report: the same request the client
 * sends (multipart field `file`, bearer token, device id), through XMLHttpRequest.
 */
export function uploadWithProgress(
  file: File,
  businessId: number | undefined,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadInfo> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(createUpload.method, buildPath(createUpload, {}));
    const token = client.store.get(STORAGE_KEYS.token);
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('device-id', client.deviceId);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 200) resolve((body as { upload: UploadInfo }).upload);
      else reject(new Error((body as ErrorBody | undefined)?.message ?? `The upload failed (HTTP ${request.status})`));
    };
    request.onerror = () => reject(new Error('The server could not be reached'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    if (businessId !== undefined) form.append('businessId', String(businessId));
    form.append('file', file);
    request.send(form);
  });
}
