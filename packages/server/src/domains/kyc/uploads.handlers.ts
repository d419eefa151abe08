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
import { requireAdmin } from '../../http/handler-context';
import { implement } from '../../http/implement';
import { toUploadInfo, uploadQuery } from './kyc.repository';

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
    const business = await ctx.db.selectFrom('businesses').select('id').where('id', '=', input.businessId).executeTakeFirst();
    if (!business) throw notFound(`Business ${input.businessId} does not exist`);
  }

  const storageKey = randomBytes(32).toString('hex');
  const { id } = await ctx.db
    .insertInto('uploads')
    .values({
      original_name: cleanFileName(file instanceof File ? file.name : undefined),
      content_type: contentType,
      size_bytes: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      storage_key: storageKey,
      business_id: input.businessId ?? null,
      uploaded_by: admin.id,
      created_at: ctx.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Last: should storing fail, the row rolls back with the transaction. Should anything after it
  // fail — this handler, the audit row, the commit — the stored bytes are deleted again.
  ctx.afterRollback(() => ctx.deps.providers.files.delete(storageKey));
  await ctx.deps.providers.files.put(storageKey, bytes);
  const row = await uploadQuery(ctx.db).where('u.id', '=', id).executeTakeFirstOrThrow();
  return { upload: toUploadInfo(row as Record<string, unknown>) };
});

export const getUploadHandler = implement(getUpload, async ({ input, ctx }) => {
  const row = await ctx.db.selectFrom('uploads').select(['id', 'original_name', 'content_type', 'storage_key']).where('id', '=', input.id).executeTakeFirst();
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
