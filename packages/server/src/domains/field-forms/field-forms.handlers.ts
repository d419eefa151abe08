import {
  getFieldForm,
  getFieldFormPhoto,
  listDeploymentSupportForms,
  listFieldForms,
  listRetrievalForms,
  listSimForms,
  listVisitationForms,
  notFound,
  rangeBoundToDate,
  sniffUploadType,
  UPLOAD_SNIFF_BYTES,
} from '@traction/core';
import type { HandlerContext } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import {
  answersOf,
  type FieldFormFilters,
  fieldFormQuery,
  filterFieldForms,
  findFieldForm,
  findPhoto,
  photosOf,
  toFieldFormRow,
} from './field-forms.repository';

/** The filters every list of forms shares, from its input. */
function sharedFilters(input: {
  search?: string | undefined;
  startdatetime?: string | undefined;
  enddatetime?: string | undefined;
  businessId?: number | undefined;
  terminal?: number | undefined;
  stateCode?: string | undefined;
}): FieldFormFilters {
  return {
    search: input.search,
    from: input.startdatetime ? rangeBoundToDate(input.startdatetime, 'start') : undefined,
    to: input.enddatetime ? rangeBoundToDate(input.enddatetime, 'end') : undefined,
    businessId: input.businessId,
    terminal: input.terminal,
    stateCode: input.stateCode,
  };
}

const source = (ctx: HandlerContext, filters: FieldFormFilters) => ({
  query: filterFieldForms(fieldFormQuery(ctx.db), filters),
  cursor: { column: 'f.id', key: 'id' as const, direction: 'desc' as const },
  map: toFieldFormRow,
});

export const listFieldFormsHandler = implementList(listFieldForms, ({ input, ctx }) => source(ctx, { ...sharedFilters(input), kind: input.kind }));
export const listDeploymentSupportFormsHandler = implementList(listDeploymentSupportForms, ({ input, ctx }) =>
  source(ctx, { ...sharedFilters(input), kind: 'DEPLOYMENT_SUPPORT' }),
);
export const listVisitationFormsHandler = implementList(listVisitationForms, ({ input, ctx }) => source(ctx, { ...sharedFilters(input), kind: 'VISITATION' }));
export const listRetrievalFormsHandler = implementList(listRetrievalForms, ({ input, ctx }) => source(ctx, { ...sharedFilters(input), kind: 'RETRIEVAL' }));
export const listSimFormsHandler = implementList(listSimForms, ({ input, ctx }) =>
  source(ctx, { ...sharedFilters(input), kind: 'SIM_MANAGEMENT', simAction: input.simAction, simNetwork: input.simNetwork }),
);

export const getFieldFormHandler = implement(getFieldForm, async ({ input, ctx }) => {
  const row = await findFieldForm(ctx.db, input.id);
  if (!row) throw notFound(`Form ${input.id} does not exist`);
  const [answers, photos] = await Promise.all([answersOf(ctx.db, row.id, row.kind), photosOf(ctx.db, row.id)]);
  return {
    ...toFieldFormRow(row),
    answers,
    photoList: photos.map((photo) => ({ id: photo.id, caption: photo.caption, contentType: photo.content_type, sizeBytes: photo.size_bytes })),
    terminalState: row.terminal_state ?? null,
  };
});

/** A photo's bytes from the file store, served only when they are still the picture recorded (checked by content, as staff photos are). */
export const getFieldFormPhotoHandler = implement(getFieldFormPhoto, async ({ input, ctx }) => {
  const photo = await findPhoto(ctx.db, input.id, input.photoId);
  if (!photo) throw notFound(`Form ${input.id} has no photo ${input.photoId}`);
  const bytes = await ctx.deps.providers.files.get(photo.file_key);
  const contentType = bytes ? sniffUploadType(bytes.subarray(0, UPLOAD_SNIFF_BYTES)) : null;
  if (!bytes || contentType !== photo.content_type) {
    ctx.deps.logger.error({ requestId: ctx.request.id }, 'a field form photo is missing from the file store or not what was recorded; not served');
    throw notFound(`Photo ${input.photoId} of form ${input.id} cannot be served`);
  }
  return {
    fileName: `form-${input.id}-photo-${photo.id}.${contentType === 'image/png' ? 'png' : 'jpg'}`,
    contentType,
    sizeBytes: bytes.byteLength,
    disposition: 'inline' as const,
    body: bytes,
  };
});
