import { createHash, randomBytes } from 'node:crypto';
import {
  ApiError,
  badRequest,
  CHARGEBACKS_PER_ADDRESS_PER_HOUR,
  formatByteSize,
  formatNaira,
  lagosDate,
  safeFileName,
  sniffUploadType,
  SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR,
  submitChargeback,
  submitSupportRequest,
  UPLOAD_SNIFF_BYTES,
  websiteFormReference,
} from '@traction/core';
import type { HandlerContext } from '../../handling/handler-context';
import { implement } from '../../handling/implement';
import { guardPublicRequest } from '../../handling/public-guard';
import { enqueueJob } from '../jobs/index';
import { HELP_DESK_JOB } from './help-desk-delivery';
import { findMatchingPayment, insertWebsiteForm, unusedWebsiteFormReference } from './website-forms.repository';

const HOUR = 3_600;
/** How far back a payment may be disputed: card schemes allow 120 days; a year leaves room for late claims the team decides on. */
const OLDEST_DISPUTE_DAYS = 365;

const chargebackReceived = (reference: string) =>
  `Thank you. Your dispute was received as ${reference}. Quote this reference if you write to us; we reply by email within 2 working days.`;
const supportReceived = (reference: string) => `Thank you. Your message was received as ${reference}. Our support team will reply by email.`;

/** The evidence's bytes and what they are, checked as KYC uploads are: size, then the type its content shows (never its name). */
async function checkedEvidence(ctx: HandlerContext, file: Blob) {
  const limit = ctx.deps.config.uploadMaxBytes;
  if (file.size > limit) {
    throw new ApiError(413, `The file is ${formatByteSize(file.size)}; the limit is ${formatByteSize(limit)}`, {
      fields: [{ field: 'file', message: `must be at most ${formatByteSize(limit)}` }],
    });
  }
  if (file.size === 0) throw badRequest('The file is empty', [{ field: 'file', message: 'is empty' }]);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = sniffUploadType(bytes.subarray(0, UPLOAD_SNIFF_BYTES));
  if (!contentType) {
    throw new ApiError(415, 'Only a photo (JPEG or PNG) or a PDF is accepted as evidence; this file is none of them (its content was checked, not its name)', {
      fields: [{ field: 'file', message: 'must be a JPEG, PNG or PDF file' }],
    });
  }
  const base = ((file instanceof File ? file.name : '') || '').split(/[\\/]/).pop() ?? '';
  return {
    bytes,
    contentType,
    name: safeFileName(base, 'evidence').slice(0, 200).trimEnd(),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/**
 * The public chargeback form. Counted against the address (5 an hour); a filled honeypot is
 * answered as a success and nothing is kept. The day must not be in the future nor more than a
 * year back. The payment is looked for in the payment logs and linked when exactly one matches.
 * The evidence's bytes go to the file store last, and are deleted again should the command fail.
 */
export const submitChargebackHandler = implement(submitChargeback, async ({ input, ctx }) => {
  const { discard } = await guardPublicRequest(
    ctx,
    { name: 'chargeback-form', max: CHARGEBACKS_PER_ADDRESS_PER_HOUR, perSeconds: HOUR },
    { honeypot: input.website },
  );
  if (discard) {
    const reference = await unusedWebsiteFormReference(ctx.db);
    return { reference, message: chargebackReceived(reference) };
  }
  if (!input.terminalId && !input.rrn) {
    throw badRequest('Give the RRN or the terminal ID of the payment', [{ field: 'rrn', message: 'give the RRN or the terminal ID (both are on the slip)' }]);
  }
  const today = lagosDate(ctx.now);
  if (input.transactionDate > today)
    throw badRequest('The date of the payment is in the future', [{ field: 'transactionDate', message: 'must not be in the future' }]);
  const oldest = lagosDate(new Date(ctx.now.getTime() - OLDEST_DISPUTE_DAYS * 86_400_000));
  if (input.transactionDate < oldest) {
    throw badRequest('Payments more than a year old cannot be disputed here; write to support instead', [
      { field: 'transactionDate', message: 'must be within the last year' },
    ]);
  }
  const evidence = input.file ? await checkedEvidence(ctx, input.file) : null;
  const terminalId = input.terminalId ?? null;
  const rrn = input.rrn ?? null;
  const paymentId = await findMatchingPayment(ctx.db, { rrn, terminalId, amount: input.amount, day: input.transactionDate });
  const storageKey = evidence ? randomBytes(32).toString('hex') : null;
  const slip = rrn ? `RRN ${rrn}` : `terminal ${terminalId}`;
  const id = await insertWebsiteForm(ctx.db, {
    kind: 'CHARGEBACK',
    name: input.name,
    email: input.email,
    phone: input.phone,
    business_name: input.businessName ?? null,
    subject: `${formatNaira(input.amount)} on ${input.transactionDate}, ${slip}`,
    message: input.description,
    claimant: input.claimant,
    terminal_id: terminalId,
    rrn,
    amount: input.amount,
    transaction_date: input.transactionDate,
    payment_id: paymentId,
    evidence_name: evidence?.name ?? null,
    evidence_type: evidence?.contentType ?? null,
    evidence_size: evidence?.bytes.byteLength ?? null,
    evidence_sha256: evidence?.sha256 ?? null,
    evidence_key: storageKey,
    submitted_ip: ctx.request.ip.slice(0, 64),
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  if (evidence && storageKey) {
    ctx.afterRollback(() => ctx.deps.providers.files.delete(storageKey));
    await ctx.deps.providers.files.put(storageKey, evidence.bytes);
  }
  const reference = websiteFormReference(id);
  return { reference, message: chargebackReceived(reference) };
});

/**
 * `POST sendzohoemail`: the public support form. Kept in Website Forms, then handed to the help
 * desk by a job queued in the same transaction (so the message exists before anything is sent,
 * and an outage only delays the ticket). Counted against the address (10 an hour); a filled
 * honeypot is answered as a success and nothing is kept or sent.
 */
export const submitSupportRequestHandler = implement(submitSupportRequest, async ({ input, ctx }) => {
  const { discard } = await guardPublicRequest(
    ctx,
    { name: 'support-form', max: SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR, perSeconds: HOUR },
    { honeypot: input.website },
  );
  if (discard) {
    const reference = await unusedWebsiteFormReference(ctx.db);
    return { reference, message: supportReceived(reference) };
  }
  const id = await insertWebsiteForm(ctx.db, {
    kind: 'SUPPORT',
    name: input.name,
    email: input.email,
    phone: input.phone,
    business_name: input.businessName ?? null,
    subject: input.subject,
    message: input.message,
    help_desk_state: 'PENDING',
    submitted_ip: ctx.request.ip.slice(0, 64),
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  const reference = websiteFormReference(id);
  await enqueueJob(ctx.db, { kind: HELP_DESK_JOB, payload: { formId: id }, dedupeKey: `help-desk:${id}`, subject: reference, now: ctx.now });
  ctx.afterCommit(() => ctx.deps.jobs?.nudge());
  return { reference, message: supportReceived(reference) };
});
