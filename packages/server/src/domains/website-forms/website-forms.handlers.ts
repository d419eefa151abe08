import {
  alreadyInState,
  assignWebsiteForm,
  badRequest,
  canDoWebsiteFormAction,
  conflict,
  getWebsiteForm,
  getWebsiteFormEvidence,
  koboFromDatabase,
  listWebsiteForms,
  notFound,
  replyToWebsiteForm,
  resolveWebsiteForm,
  sniffUploadType,
  UPLOAD_SNIFF_BYTES,
  UPLOAD_TYPE_INFO,
  type UploadContentType,
  WEBSITE_FORM_STATUS_WORDS,
  type WebsiteFormAction,
  type WebsiteFormDetail,
  websiteFormActions,
  websiteFormReference,
  websiteFormStatusAfter,
} from '@traction/core';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { queueEmail } from '../outbox/index';
import {
  filterWebsiteForms,
  findAssignableAdmin,
  findWebsiteFormRecord,
  linkedPaymentOf,
  lockWebsiteForm,
  moveWebsiteForm,
  recordToRow,
  toWebsiteFormRow,
  websiteFormCsv,
  websiteFormEvents,
  websiteFormQuery,
} from './website-forms.repository';

/** Newest first: submissions are written as they arrive, so the id is their order. */
export const listWebsiteFormsHandler = implementList(listWebsiteForms, ({ input, ctx }) => ({
  query: filterWebsiteForms(websiteFormQuery(ctx.db), input),
  cursor: { column: 'w.id', key: 'id', direction: 'desc' },
  map: toWebsiteFormRow,
  csv: websiteFormCsv,
}));

async function recordOf(ctx: HandlerContext, id: number) {
  const record = await findWebsiteFormRecord(ctx.db, id);
  if (!record) throw notFound(`There is no website form submission ${websiteFormReference(id)}`);
  return record;
}

export const getWebsiteFormHandler = implement(getWebsiteForm, async ({ input, ctx }): Promise<WebsiteFormDetail> => {
  const record = await recordOf(ctx, input.id);
  const [events, payment] = await Promise.all([
    websiteFormEvents(ctx.db, record.id),
    record.payment_id === null ? Promise.resolve(undefined) : linkedPaymentOf(ctx.db, record.payment_id),
  ]);
  return {
    ...recordToRow(record),
    message: record.message,
    claimant: record.claimant,
    terminalId: record.terminal_id,
    rrn: record.rrn,
    transactionDate: record.transaction_date,
    payment: payment
      ? {
          id: Number(payment.id),
          reference: payment.reference,
          businessId: payment.business_id,
          businessName: payment.business_name,
          terminalId: payment.terminal_id,
          rrn: payment.rrn,
          amount: koboFromDatabase(payment.amount),
          status: payment.status,
          createdAt: isoTimestamp(payment.created_at),
        }
      : null,
    evidence:
      record.evidence_key && record.evidence_type
        ? {
            fileName: record.evidence_name ?? 'evidence',
            contentType: record.evidence_type,
            sizeBytes: record.evidence_size ?? 0,
            sha256: record.evidence_sha256 ?? '',
          }
        : null,
    helpDesk: record.help_desk_state
      ? {
          state: record.help_desk_state,
          ticket: record.help_desk_ticket,
          attempts: record.help_desk_attempts,
          lastError: record.help_desk_error,
          nextAttemptAt: record.help_desk_state === 'RETRYING' ? isoTimestampOrNull(record.help_desk_next_at) : null,
          deliveredAt: isoTimestampOrNull(record.help_desk_delivered_at),
        }
      : null,
    resolution: record.resolution,
    resolvedAt: isoTimestampOrNull(record.resolved_at),
    replies: record.replies,
    actions: websiteFormActions(record.status),
    events: events.map((event) => ({
      id: event.id,
      at: isoTimestamp(event.at),
      fromStatus: event.from_status,
      toStatus: event.to_status,
      action: event.action,
      note: event.note,
      adminName: event.admin_name ?? null,
    })),
  };
});

/** The evidence's bytes, checked again on the way out: whatever sits in the store, only an accepted type is ever served. */
export const getWebsiteFormEvidenceHandler = implement(getWebsiteFormEvidence, async ({ input, ctx }) => {
  const record = await recordOf(ctx, input.id);
  const reference = websiteFormReference(record.id);
  if (!record.evidence_key || !record.evidence_type) throw notFound(`${reference} has no evidence file`);
  const bytes = await ctx.deps.providers.files.get(record.evidence_key);
  const contentType = bytes ? sniffUploadType(bytes.subarray(0, UPLOAD_SNIFF_BYTES)) : null;
  if (!bytes || contentType !== record.evidence_type) {
    ctx.deps.logger.error(
      { formId: record.id, requestId: ctx.request.id },
      'the evidence of a website form is missing from the file store or no longer matches its type',
    );
    throw notFound(`The evidence of ${reference} cannot be served: it is missing from the file store or no longer matches its type`);
  }
  const stem = (record.evidence_name ?? '').replace(/\.[A-Za-z0-9]{1,8}$/, '') || `${reference}-evidence`;
  return {
    fileName: `${stem}.${UPLOAD_TYPE_INFO[contentType as UploadContentType].extension}`,
    contentType,
    sizeBytes: bytes.byteLength,
    disposition: 'inline' as const,
    body: bytes,
  };
});

/** The submission, locked; 404 when there is none, 409 naming its state when the action is not open to it. */
async function lockFor(ctx: HandlerContext, id: number, action: WebsiteFormAction) {
  const form = await lockWebsiteForm(ctx.db, id);
  const reference = websiteFormReference(id);
  if (!form) throw notFound(`There is no website form submission ${reference}`);
  if (!canDoWebsiteFormAction(action, form.status)) {
    const state = WEBSITE_FORM_STATUS_WORDS[form.status].toLowerCase();
    const why =
      action === 'REPLY' && form.status === 'NEW'
        ? 'assign it before replying'
        : `it cannot be ${action === 'ASSIGN' ? 'assigned' : action === 'REPLY' ? 'replied to' : 'resolved'}`;
    throw conflict(`${reference} is ${state}: ${why}`, { reason: 'website_form_status', status: form.status });
  }
  return { form, reference };
}

async function moveOrRefuse(ctx: HandlerContext, reference: string, move: Parameters<typeof moveWebsiteForm>[1]) {
  if (!(await moveWebsiteForm(ctx.db, move))) throw conflict(`${reference} changed while this was being done; look again`, { reason: 'website_form_changed' });
}

async function answerOf(ctx: HandlerContext, id: number, message: string) {
  return { form: recordToRow(await recordOf(ctx, id)), message };
}

export const assignWebsiteFormHandler = implement(assignWebsiteForm, async ({ input, ctx }) => {
  const me = requireAdmin(ctx);
  const { form, reference } = await lockFor(ctx, input.id, 'ASSIGN');
  const assigneeId = input.adminId ?? me.id;
  const assignee = await findAssignableAdmin(ctx.db, assigneeId);
  if (!assignee) throw badRequest(`There is no admin ${assigneeId}`, [{ field: 'adminId', message: 'is not an admin of the console' }]);
  if (form.assigned_to === assigneeId)
    throw alreadyInState(`${reference} is already assigned to ${assigneeId === me.id ? 'you' : (assignee.name ?? assignee.email)}`);
  const name = assignee.name ?? assignee.email;
  const to = websiteFormStatusAfter('ASSIGN', form.status);
  await moveOrRefuse(ctx, reference, {
    id: form.id,
    action: 'ASSIGN',
    from: form.status,
    to,
    note: input.note ? `to ${name}: ${input.note}` : `to ${name}`,
    adminId: me.id,
    at: ctx.now,
    set: { assigned_to: assigneeId, assigned_at: ctx.now },
  });
  return answerOf(ctx, form.id, `${reference} is assigned to ${assigneeId === me.id ? 'you' : name}.`);
});

export const replyToWebsiteFormHandler = implement(replyToWebsiteForm, async ({ input, ctx }) => {
  const me = requireAdmin(ctx);
  const { form, reference } = await lockFor(ctx, input.id, 'REPLY');
  await moveOrRefuse(ctx, reference, {
    id: form.id,
    action: 'REPLY',
    from: form.status,
    to: websiteFormStatusAfter('REPLY', form.status),
    note: input.message,
    adminId: me.id,
    at: ctx.now,
    set: { last_replied_at: ctx.now, countReply: true },
  });
  // Sent once the reply is recorded; a mail outage only delays it (the outbox tries again).
  await queueEmail(ctx, {
    to: form.email,
    kind: 'website-form-reply',
    subject: `Re: ${form.kind === 'CHARGEBACK' ? 'your dispute' : form.subject} [${reference}]`.slice(0, 200),
    text: `Hello ${form.name},\n\n${input.message}\n\n${me.firstName}\nTraction support\n\nReference: ${reference}. Reply to this email or quote the reference if you write to us again.`,
    data: { reference },
  });
  return answerOf(ctx, form.id, `The reply to ${reference} is on its way to ${form.email}.`);
});

export const resolveWebsiteFormHandler = implement(resolveWebsiteForm, async ({ input, ctx }) => {
  const me = requireAdmin(ctx);
  const { form, reference } = await lockFor(ctx, input.id, 'RESOLVE');
  await moveOrRefuse(ctx, reference, {
    id: form.id,
    action: 'RESOLVE',
    from: form.status,
    to: 'RESOLVED',
    note: input.resolution,
    adminId: me.id,
    at: ctx.now,
    set: { resolution: input.resolution, resolved_by: me.id, resolved_at: ctx.now },
  });
  return answerOf(ctx, form.id, `${reference} is resolved.`);
});
