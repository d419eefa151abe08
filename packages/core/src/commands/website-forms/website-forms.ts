import { z } from 'zod';
import { defineCommand } from '../../command';
import { fileAnswer } from '../../file-answer';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { phoneField } from '../../schemas/business';
import { dateTimeParam, emailField, idField, searchField, timestamp } from '../../schemas/common';
import { dayField, fileField, koboField } from '../../schemas/fields';
import { honeypotField } from '../../schemas/honeypot';
import {
  CHARGEBACK_CLAIMANT_WORDS,
  CHARGEBACK_CLAIMANTS,
  HELP_DESK_STATE_WORDS,
  HELP_DESK_STATES,
  WEBSITE_FORM_ACTIONS,
  WEBSITE_FORM_KIND_WORDS,
  WEBSITE_FORM_KINDS,
  WEBSITE_FORM_STATUS_WORDS,
  WEBSITE_FORM_STATUSES,
} from '../../website-forms/website-form-facts';
import { rrnField, terminalIdField } from '../payments/payment-schemas';

/**
 * The public chargeback and support forms (no sign-in; spec §2 "outside the shell", §7
 * `POST sendzohoemail`) and the Website Forms work queue they land in (spec §2 Others:
 * `/website-forms` and its detail; the spec gives the queue no calls, so they sit under
 * /v1/website-forms). docs/decisions.md "Public forms and Website Forms".
 */
const BASE = '/v1/website-forms';

export const websiteFormKindField = z.enum(WEBSITE_FORM_KINDS).meta({ label: 'Kind', words: WEBSITE_FORM_KIND_WORDS });
export const websiteFormStatusField = z.enum(WEBSITE_FORM_STATUSES).meta({ label: 'Status', words: WEBSITE_FORM_STATUS_WORDS });
export const helpDeskStateField = z.enum(HELP_DESK_STATES).meta({ label: 'Help desk', words: HELP_DESK_STATE_WORDS });
export const chargebackClaimantField = z.enum(CHARGEBACK_CLAIMANTS).meta({ label: 'You are the', words: CHARGEBACK_CLAIMANT_WORDS });
const websiteFormIdField = idField.meta({ label: 'Submission' });

/** Text a person types into a public form: trimmed, bounded at both ends. */
const text = (min: number, max: number, label: string) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? 'is required' : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .meta({ label });

const contactFields = {
  name: text(2, 120, 'Your full name'),
  email: emailField.meta({ label: 'Your email' }),
  phone: phoneField.meta({ label: 'Your phone number' }),
};

/** What a public form answers: the submission's reference and a sentence, nothing else. */
export const publicFormAnswer = z.object({
  /** WF-000123: what the person quotes when they write again. */
  reference: z.string(),
  message: z.string(),
});

export const submitChargeback = defineCommand({
  id: 'website-forms.chargeback',
  group: 'website-forms',
  action: 'chargeback',
  title: 'Dispute a payment',
  description:
    'The public chargeback form (no sign-in): a cardholder or merchant disputes a card payment, naming its terminal ID or RRN, the amount and the day, with a photo or PDF of the slip or statement (JPEG, PNG or PDF, recognised by its content, at most 5 MB). It lands in Website Forms, linked to the payment when one matches. Answers only the reference of the submission.',
  keywords: ['chargeback', 'dispute', 'refund', 'traction-chargeback-form', 'public form'],
  method: 'POST',
  path: '/v1/public/chargeback',
  auth: 'public',
  permission: null,
  audit: { action: 'dispute a payment', subject: { kind: 'website-form', from: 'output.reference', by: 'number' } },
  // One of the RRN and the terminal ID is required: the handler says so (400 naming `rrn`), so the
  // schema alone describes a valid input field by field.
  input: z.object({
    claimant: chargebackClaimantField,
    ...contactFields,
    businessName: text(2, 120, 'Business name (merchants)').optional(),
    terminalId: terminalIdField.optional().meta({ label: 'Terminal ID (8 characters, on the slip)' }),
    rrn: rrnField.optional().meta({ label: 'RRN (12 digits, on the slip)' }),
    amount: koboField.meta({ label: 'Amount' }),
    transactionDate: dayField.meta({ label: 'Date of the payment' }),
    description: text(10, 2_000, 'What happened'),
    /** The evidence, as the multipart part `file`: a slip, a statement, a screenshot. */
    file: fileField.optional().meta({ label: 'Evidence (photo or PDF, at most 5 MB)' }),
    website: honeypotField,
  }),
  output: publicFormAnswer,
  example:
    'traction website-forms chargeback --claimant CARDHOLDER --name "Ada Obi" --email ada@example.ng --phone 08031234567 --rrn 123456789012 --amount 500000 --transaction-date 2026-11-20 --description "Charged twice for one purchase"',
});

export const submitSupportRequest = defineCommand({
  id: 'website-forms.support',
  group: 'website-forms',
  action: 'support',
  title: 'Ask for support',
  description:
    'The public support form (no sign-in; spec `POST sendzohoemail`): the message is kept in Website Forms and sent on to the help desk (Zoho Desk) as a ticket; while the help desk is down it is kept and sent again until it is taken. Answers only the reference of the submission.',
  keywords: ['sendzohoemail', 'support', 'help desk', 'zoho', 'contact us', 'traction-support-form', 'public form'],
  method: 'POST',
  path: '/v1/sendzohoemail',
  auth: 'public',
  permission: null,
  audit: { action: 'send a support request', subject: { kind: 'website-form', from: 'output.reference', by: 'number' } },
  input: z.object({
    ...contactFields,
    businessName: text(2, 120, 'Business name (if you are a merchant)').optional(),
    subject: text(3, 150, 'Subject'),
    message: text(10, 4_000, 'Message'),
    website: honeypotField,
  }),
  output: publicFormAnswer,
  example:
    'traction website-forms support --name "Ada Obi" --email ada@example.ng --phone 08031234567 --subject "Terminal not printing" --message "Our terminal stopped printing slips this morning."',
});

export const websiteFormRow = z.object({
  id: z.number().int(),
  /** WF-000123 */
  reference: z.string(),
  kind: websiteFormKindField,
  status: websiteFormStatusField,
  name: z.string(),
  email: z.string(),
  /** `+234…` */
  phone: z.string(),
  businessName: z.string().nullable(),
  /** The support request's subject, or for a chargeback a line made of its amount and slip. */
  subject: z.string(),
  /** Chargebacks: kobo disputed; null for support requests. */
  amount: z.number().int().nullable(),
  /** Chargebacks: the payment it matched in the payment logs, if one did. */
  paymentId: z.number().int().nullable(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  /** Support requests: their hand-over to the help desk; null for chargebacks. */
  helpDeskState: helpDeskStateField.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type WebsiteFormRow = z.infer<typeof websiteFormRow>;

export const listWebsiteForms = defineCommand({
  id: 'website-forms.list',
  group: 'website-forms',
  action: 'list',
  title: 'List website form submissions',
  description:
    'The Website Forms work queue: chargebacks and support requests sent from the public forms, newest first. Filter by kind, status, who it is assigned to and when it arrived; search by reference (WF-000123), name, email, phone, RRN or terminal ID.',
  keywords: ['website forms', 'chargebacks', 'support requests', 'work queue', 'submissions'],
  method: 'GET',
  path: BASE,
  permission: 'website-forms.view',
  input: z.object({
    ...listPaging,
    search: searchField.optional().describe('a reference (WF-000123), the start of a name or email, a phone number, an RRN or a terminal ID'),
    kind: websiteFormKindField.optional(),
    status: websiteFormStatusField.optional(),
    assigneeId: idField.optional().meta({ label: 'Assigned to (admin ID)' }),
    /** Only submissions no one has been assigned yet. */
    unassigned: z.boolean().optional().meta({ label: 'Unassigned' }),
    from: dateTimeParam.optional().meta({ label: 'Arrived from' }),
    to: dateTimeParam.optional().meta({ label: 'Arrived to' }),
  }),
  output: listOutput(websiteFormRow),
  list: {
    route: '/website-forms',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'from', to: 'to' },
    detailRoute: '/website-forms/{id}',
    rowName: 'reference',
    csv: true,
    columns: [
      { key: 'reference', label: 'Reference', kind: 'id', width: 9 },
      { key: 'createdAt', label: 'Arrived', kind: 'datetime' },
      { key: 'kind', label: 'Kind', kind: 'enum', words: WEBSITE_FORM_KIND_WORDS },
      { key: 'status', label: 'Status', kind: 'enum', words: WEBSITE_FORM_STATUS_WORDS, priority: 'high' },
      { key: 'name', label: 'From', kind: 'text', priority: 'high' },
      { key: 'email', label: 'Email', kind: 'email', priority: 'low' },
      { key: 'phone', label: 'Phone', kind: 'text', width: 17, priority: 'low' },
      { key: 'subject', label: 'Subject', kind: 'sentence', priority: 'medium' },
      { key: 'amount', label: 'Amount', kind: 'money', priority: 'low' },
      { key: 'assigneeName', label: 'Assigned to', kind: 'text', priority: 'medium' },
      { key: 'helpDeskState', label: 'Help desk', kind: 'enum', words: HELP_DESK_STATE_WORDS, priority: 'low' },
    ],
  },
  example: 'traction website-forms list --kind CHARGEBACK --status NEW',
});

export const websiteFormEvent = z.object({
  id: z.number().int(),
  at: timestamp,
  /** Null for the submission itself. */
  fromStatus: websiteFormStatusField.nullable(),
  toStatus: websiteFormStatusField,
  /** ASSIGN, REPLY, RESOLVE; null for the submission itself. */
  action: z.enum(WEBSITE_FORM_ACTIONS).nullable(),
  /** Who it was assigned to, the reply sent, or the resolution. */
  note: z.string().nullable(),
  adminName: z.string().nullable(),
});

/** The payment a chargeback matched, as its detail shows it (the payment log page has the rest). */
export const linkedPayment = z.object({
  id: z.number().int(),
  reference: z.string(),
  businessId: z.number().int(),
  businessName: z.string(),
  terminalId: z.string().nullable(),
  rrn: z.string(),
  /** Kobo. */
  amount: z.number().int(),
  status: z.string(),
  createdAt: timestamp,
});

export const websiteFormDetail = websiteFormRow.extend({
  /** The support request's message, or what happened in the chargeback, as sent. */
  message: z.string(),
  claimant: chargebackClaimantField.nullable(),
  terminalId: z.string().nullable(),
  rrn: z.string().nullable(),
  /** YYYY-MM-DD, the day of the disputed payment. */
  transactionDate: z.string().nullable(),
  payment: linkedPayment.nullable(),
  /** The evidence uploaded with a chargeback; its bytes come from `website-forms evidence`. */
  evidence: z
    .object({
      fileName: z.string(),
      contentType: z.string(),
      sizeBytes: z.number().int(),
      sha256: z.string(),
    })
    .nullable(),
  helpDesk: z
    .object({
      state: helpDeskStateField,
      /** The help desk's ticket number, once delivered. */
      ticket: z.string().nullable(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      /** When it is tried again, while retrying. */
      nextAttemptAt: timestamp.nullable(),
      deliveredAt: timestamp.nullable(),
    })
    .nullable(),
  resolution: z.string().nullable(),
  resolvedAt: timestamp.nullable(),
  replies: z.number().int(),
  actions: z.array(z.enum(WEBSITE_FORM_ACTIONS)),
  events: z.array(websiteFormEvent),
});
export type WebsiteFormDetail = z.infer<typeof websiteFormDetail>;

export const getWebsiteForm = defineCommand({
  id: 'website-forms.get',
  group: 'website-forms',
  action: 'get',
  title: 'Show a website form submission',
  description:
    'One submission in full: who sent it, what they wrote, the evidence of a chargeback and the payment it matched, a support request’s hand-over to the help desk, its change log (assignments, replies, resolution) and what may be done to it now.',
  keywords: ['website form', 'chargeback', 'support request'],
  method: 'GET',
  path: `${BASE}/{id}`,
  permission: 'website-forms.view',
  input: z.object({ id: websiteFormIdField }),
  output: websiteFormDetail,
  example: 'traction website-forms get --id 123',
});

export const getWebsiteFormEvidence = defineCommand({
  id: 'website-forms.evidence',
  group: 'website-forms',
  action: 'evidence',
  title: 'Download the evidence of a chargeback',
  description:
    'The file uploaded with a chargeback, as uploaded (a JPEG, PNG or PDF, checked again on the way out), sent so a browser can show it but never run it.',
  keywords: ['evidence', 'slip', 'receipt', 'chargeback file'],
  method: 'GET',
  path: `${BASE}/{id}/evidence`,
  permission: 'website-forms.view',
  answers: 'file',
  input: z.object({ id: websiteFormIdField }),
  output: fileAnswer,
  example: 'traction website-forms evidence --id 123 --out evidence.pdf',
});

const actionOutput = z.object({ form: websiteFormRow, message: z.string() });

export const assignWebsiteForm = defineCommand({
  id: 'website-forms.assign',
  group: 'website-forms',
  action: 'assign',
  title: 'Assign a website form submission',
  description:
    'Gives a submission to an admin to work (you, unless another is named). A replied one may be handed over and stays replied; a resolved one cannot be assigned.',
  keywords: ['assign', 'take', 'pick up', 'hand over'],
  method: 'POST',
  path: `${BASE}/{id}/assign`,
  permission: 'website-forms.manage',
  audit: { action: 'assign {subject}', subject: { kind: 'website-form', from: 'id' }, note: 'note' },
  input: z.object({
    id: websiteFormIdField,
    adminId: idField.optional().meta({ label: 'Admin ID (empty: you)' }),
    note: z.string().trim().max(500).optional().meta({ label: 'Note' }),
  }),
  output: actionOutput,
  example: 'traction website-forms assign --id 123',
});

export const replyToWebsiteForm = defineCommand({
  id: 'website-forms.reply',
  group: 'website-forms',
  action: 'reply',
  title: 'Reply to a website form submission',
  description: 'Emails the person who sent it, quoting its reference, and records the reply in its change log. Open to an assigned or replied submission.',
  keywords: ['reply', 'email', 'answer', 'respond'],
  method: 'POST',
  path: `${BASE}/{id}/reply`,
  permission: 'website-forms.manage',
  audit: { action: 'reply to {subject}', subject: { kind: 'website-form', from: 'id' } },
  input: z.object({
    id: websiteFormIdField,
    message: z.string().trim().min(10, 'must be at least 10 characters').max(5_000).meta({ label: 'Reply' }),
  }),
  output: actionOutput,
  example: 'traction website-forms reply --id 123 --message "We have refunded the second charge; it reaches your account within 3 working days."',
});

export const resolveWebsiteForm = defineCommand({
  id: 'website-forms.resolve',
  group: 'website-forms',
  action: 'resolve',
  title: 'Resolve a website form submission',
  description: 'Closes a submission with how it was resolved. Resolved is final.',
  keywords: ['resolve', 'close', 'done'],
  method: 'POST',
  path: `${BASE}/{id}/resolve`,
  permission: 'website-forms.manage',
  audit: { action: 'resolve {subject}', subject: { kind: 'website-form', from: 'id' }, note: 'resolution' },
  input: z.object({
    id: websiteFormIdField,
    resolution: z.string().trim().min(3, 'must say how (at least 3 characters)').max(1_000).meta({ label: 'Resolution' }),
  }),
  output: actionOutput,
  example: 'traction website-forms resolve --id 123 --resolution "Refunded the duplicate charge"',
});
