import { createHash, randomBytes } from 'node:crypto';
import {
  ApiError,
  badRequest,
  createUpload,
  formatByteSize,
  getUpload,
  notFound,
  safeFileName,
  sniffUploadType,
  UPLOAD_SNIFF_BYTES,
  UPLOAD_TYPE_INFO,
  type UploadContentType,
} from '@traction/core';
import { requireAdmin } from '../../handling/handler-context';
import { implement } from '../../handling/implement';
import { businessExists } from '../merchants/index';
import { findStoredUpload, findUpload, insertUpload } from './uploads.repository';

/**
 * A file name fit to keep and to offer back: no folders, no control or bidirectional-control
 * characters (core's `safeFileName`), at most 200 characters.
 */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  return safeFileName(base, 'document').slice(0, 200).trimEnd();
}

/** The name a download is offered under: the uploaded name with the extension its content calls for. */
export function downloadName(originalName: string, type: UploadContentType): string {
  const stem = originalName.replace(/\.[A-Za-z0-9]{1,8}$/, '') || 'document';
  return `${stem}.${UPLOAD_TYPE_INFO[type].extension}`;
}

export const createUploadHandler = implement(createUpload, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const { file } = input;
  const limit = ctx.deps.config.uploadMaxBytes;
  if (file.size > limit) {
    throw new ApiError(413, `The file is ${formatByteSize(file.size)}; the limit is ${formatByteSize(limit)}`, {
      fields: [{ field: 'file', message: `must be at most ${formatByteSize(limit)}` }],
    });
  }
  if (file.size === 0) throw badRequest('The file is empty', [{ field: 'file', message: 'is empty' }]);
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The content decides, never the name or the type the client claims.
  const contentType = sniffUploadType(bytes.subarray(0, UPLOAD_SNIFF_BYTES));
  if (!contentType) {
    throw new ApiError(415, 'Only JPEG, PNG and PDF files are accepted; this file is none of them (its content was checked, not its name)', {
      fields: [{ field: 'file', message: 'must be a JPEG, PNG or PDF file' }],
    });
  }
  if (input.businessId !== undefined) {
    if (!(await businessExists(ctx.db, input.businessId))) throw notFound(`Business ${input.businessId} does not exist`);
  }

  const storageKey = randomBytes(32).toString('hex');
  const id = await insertUpload(ctx.db, {
    originalName: cleanFileName(file instanceof File ? file.name : undefined),
    contentType,
    sizeBytes: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    storageKey,
    businessId: input.businessId ?? null,
    uploadedBy: admin.id,
    at: ctx.now,
  });
  // Last: should storing fail, the row rolls back with the transaction. Should anything after it
  // fail — this handler, the audit row, the commit — the stored bytes are deleted again.
  ctx.afterRollback(() => ctx.deps.providers.files.delete(storageKey));
  await ctx.deps.providers.files.put(storageKey, bytes);
  return { upload: (await findUpload(ctx.db, id))! };
});

export const getUploadHandler = implement(getUpload, async ({ input, ctx }) => {
  const row = await findStoredUpload(ctx.db, input.id);
  if (!row) throw notFound(`Upload ${input.id} does not exist`);
  const bytes = await ctx.deps.providers.files.get(row.storage_key);
  if (!bytes) {
    ctx.deps.logger.error({ uploadId: row.id, requestId: ctx.request.id }, 'an upload row has no file in the file store');
    throw notFound(`The file of upload ${input.id} is missing from the file store`);
  }
  // Checked again on the way out: whatever sits in the store, only an accepted type is ever served.
  const contentType = sniffUploadType(bytes.subarray(0, UPLOAD_SNIFF_BYTES));
  if (!contentType || contentType !== row.content_type) {
    ctx.deps.logger.error({ uploadId: row.id, requestId: ctx.request.id }, 'a stored file does not match its recorded type; not served');
    throw notFound(`The file of upload ${input.id} cannot be served: its content no longer matches its type`);
  }
  return {
    fileName: downloadName(row.original_name, contentType),
    contentType,
    sizeBytes: bytes.byteLength,
    disposition: 'attachment' as const,
    body: bytes,
  };
});
