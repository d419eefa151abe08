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
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
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

/**
 * Checks and keeps an uploaded file (size, content type sniffed from its bytes) and answers its
 * upload id. `field` names the input field in refusals. Other domains attach documents through
 * this (a credit request's evidence), so every upload passes the same checks.
 */
export async function storeUpload(ctx: HandlerContext, file: Blob, options: { businessId?: number | undefined; field?: string } = {}): Promise<number> {
  const admin = requireAdmin(ctx);
  const field = options.field ?? 'file';
  const limit = ctx.deps.config.uploadMaxBytes;
  if (file.size > limit) {
    throw new ApiError(413, `The file is ${formatByteSize(file.size)}; the limit is ${formatByteSize(limit)}`, {
      fields: [{ field, message: `must be at most ${formatByteSize(limit)}` }],
    });
  }
  if (file.size === 0) throw badRequest('The file is empty', [{ field, message: 'is empty' }]);
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The content decides, never the name or the type the client claims.
  const contentType = sniffUploadType(bytes.subarray(0, UPLOAD_SNIFF_BYTES));
  if (!contentType) {
    throw new ApiError(415, 'Only JPEG, PNG and PDF files are accepted; this file is none of them (its content was checked, not its name)', {
      fields: [{ field, message: 'must be a JPEG, PNG or PDF file' }],
    });
  }
  if (options.businessId !== undefined) {
    if (!(await businessExists(ctx.db, options.businessId))) throw notFound(`Business ${options.businessId} does not exist`);
  }

  const storageKey = randomBytes(32).toString('hex');
  const id = await insertUpload(ctx.db, {
    originalName: cleanFileName(file instanceof File ? file.name : undefined),
    contentType,
    sizeBytes: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    storageKey,
    businessId: options.businessId ?? null,
    uploadedBy: admin.id,
    at: ctx.now,
  });
  // Last: should storing fail, the row rolls back with the transaction. Should anything after it
  // fail — this handler, the audit row, the commit — the stored bytes are deleted again.
  ctx.afterRollback(() => ctx.deps.providers.files.delete(storageKey));
  await ctx.deps.providers.files.put(storageKey, bytes);
  return id;
}

export const createUploadHandler = implement(createUpload, async ({ input, ctx }) => {
  const id = await storeUpload(ctx, input.file, { businessId: input.businessId });
  return { upload: (await findUpload(ctx.db, id))! };
});

/** An upload's bytes as a file answer, checked again on the way out (only an accepted type is ever served). */
export async function serveUpload(ctx: HandlerContext, uploadId: number) {
  const row = await findStoredUpload(ctx.db, uploadId);
  if (!row) throw notFound(`Upload ${uploadId} does not exist`);
  const bytes = await ctx.deps.providers.files.get(row.storage_key);
  if (!bytes) {
    ctx.deps.logger.error({ uploadId: row.id, requestId: ctx.request.id }, 'an upload row has no file in the file store');
    throw notFound(`The file of upload ${uploadId} is missing from the file store`);
  }
  // Checked again on the way out: whatever sits in the store, only an accepted type is ever served.
  const contentType = sniffUploadType(bytes.subarray(0, UPLOAD_SNIFF_BYTES));
  if (!contentType || contentType !== row.content_type) {
    ctx.deps.logger.error({ uploadId: row.id, requestId: ctx.request.id }, 'a stored file does not match its recorded type; not served');
    throw notFound(`The file of upload ${uploadId} cannot be served: its content no longer matches its type`);
  }
  return {
    fileName: downloadName(row.original_name, contentType),
    contentType,
    sizeBytes: bytes.byteLength,
    disposition: 'attachment' as const,
    body: bytes,
  };
}

export const getUploadHandler = implement(getUpload, async ({ input, ctx }) => serveUpload(ctx, input.id));
