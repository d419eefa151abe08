import { createUpload, type CommandInput, type UploadInfo } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { callWithUploadProgress } from '../commands/callWithUploadProgress';

/** uploads.create with upload progress (a document of a business, or of nobody yet). */
export async function uploadWithProgress(
  file: File,
  businessId: number | undefined,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadInfo> {
  // Core types the file as its own Blob (Node's lib); the browser's File is the same thing at run time.
  const input: CommandInput<typeof createUpload> = {
    file: file as unknown as CommandInput<typeof createUpload>['file'],
    ...(businessId !== undefined ? { businessId } : {}),
  };
  try {
    const { upload } = await callWithUploadProgress(createUpload, input, { onProgress, ...(signal ? { signal } : {}) });
    return upload;
  } catch (error) {
    // The page shows the message as it is: the server's sentence, not the request line.
    throw error instanceof ClientError
      ? new Error(error.body?.message ?? (error.status ? `The upload failed (HTTP ${error.status})` : 'The server could not be reached'), { cause: error })
      : error;
  }
}
