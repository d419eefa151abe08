import { z } from 'zod';
import { timestamp } from '../../schemas/common';

/**
 * The email-marketing list (docs/decisions.md "Email-marketing sync"): contacts pushed to the
 * marketing provider (Sendinblue, now Brevo) by a sync of every merchant's owner or by an uploaded
 * CSV, each push a run with a result per contact. Addresses on the opt-out list are never sent.
 */

/** What a run pushes: every merchant's owner, or the contacts of an uploaded file. */
export const EMAIL_SYNC_KINDS = ['ALL_OWNERS', 'UPLOAD'] as const;
export type EmailSyncKind = (typeof EMAIL_SYNC_KINDS)[number];
export const EMAIL_SYNC_KIND_WORDS: Record<EmailSyncKind, string> = { ALL_OWNERS: 'Every merchant owner', UPLOAD: 'Uploaded contacts' };
export const emailSyncKindField = z.enum(EMAIL_SYNC_KINDS).meta({ label: 'What it pushes' });

/**
 * QUEUED: waiting for a worker; RUNNING: pushing batches; WAITING: the provider asked us to slow
 * down (429) or did not answer, and the run carries on at `waitUntil`; DONE: every contact has a
 * result; FAILED: the provider stayed down (retry it) or its job gave up.
 */
export const EMAIL_SYNC_STATUSES = ['QUEUED', 'RUNNING', 'WAITING', 'DONE', 'FAILED'] as const;
export type EmailSyncStatus = (typeof EMAIL_SYNC_STATUSES)[number];
export const EMAIL_SYNC_STATUS_WORDS: Record<EmailSyncStatus, string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  WAITING: 'Waiting',
  DONE: 'Done',
  FAILED: 'Failed',
};
export const emailSyncStatusField = z.enum(EMAIL_SYNC_STATUSES).meta({ label: 'Status' });
/** The statuses of a run that has not finished: a second sync of every owner is refused while one is in one of these. */
export const UNFINISHED_EMAIL_SYNC_STATUSES = ['QUEUED', 'RUNNING', 'WAITING'] as const satisfies readonly EmailSyncStatus[];

/** What became of one contact of a run. */
export const EMAIL_SYNC_RESULTS = ['PENDING', 'ADDED', 'UPDATED', 'OPTED_OUT', 'FAILED'] as const;
export type EmailSyncResult = (typeof EMAIL_SYNC_RESULTS)[number];
export const EMAIL_SYNC_RESULT_WORDS: Record<EmailSyncResult, string> = {
  PENDING: 'Not sent yet',
  ADDED: 'Added',
  UPDATED: 'Updated',
  OPTED_OUT: 'Skipped: opted out',
  FAILED: 'Failed',
};
export const emailSyncResultField = z.enum(EMAIL_SYNC_RESULTS).meta({ label: 'Result' });

/** The job kind that pushes a run's contacts. */
export const EMAIL_SYNC_JOB_KIND = 'email-sync.run';

export const emailSyncRunRow = z.object({
  id: z.number().int(),
  kind: emailSyncKindField,
  status: emailSyncStatusField,
  /** The uploaded file's name (an upload); null for a sync of every owner. */
  fileName: z.string().nullable(),
  /** Contacts the run pushes; null until a sync of every owner has gathered them. */
  contacts: z.number().int().nullable(),
  /** Contacts with a result so far (all but the ones not sent yet). */
  reached: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  optedOut: z.number().int(),
  failed: z.number().int(),
  /** Addresses the provider said had unsubscribed there, added to the opt-out list by this run. */
  providerOptOuts: z.number().int(),
  jobId: z.number().int().nullable(),
  startedBy: z.string().nullable(),
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
  /** A waiting run carries on at this moment. */
  waitUntil: timestamp.nullable(),
  /** What the run is doing or waiting for, in a sentence. */
  note: z.string().nullable(),
  /** Why a failed run stopped. */
  failure: z.string().nullable(),
});
export type EmailSyncRunRow = z.infer<typeof emailSyncRunRow>;

export const emailSyncRunColumns = [
  { key: 'id', label: 'Run', kind: 'id' },
  { key: 'createdAt', label: 'Started', kind: 'datetime' },
  { key: 'kind', label: 'Pushes', kind: 'enum', words: EMAIL_SYNC_KIND_WORDS, priority: 'medium', width: 20 },
  { key: 'fileName', label: 'File', kind: 'text', priority: 'low' },
  { key: 'status', label: 'Status', kind: 'enum', words: EMAIL_SYNC_STATUS_WORDS, priority: 'high' },
  { key: 'contacts', label: 'Contacts', kind: 'number' },
  { key: 'added', label: 'Added', kind: 'number', priority: 'medium' },
  { key: 'updated', label: 'Updated', kind: 'number', priority: 'medium' },
  { key: 'optedOut', label: 'Opted out', kind: 'number', priority: 'medium' },
  { key: 'failed', label: 'Failed', kind: 'number', priority: 'high' },
  { key: 'startedBy', label: 'By', kind: 'text', priority: 'low' },
  { key: 'finishedAt', label: 'Finished', kind: 'datetime', priority: 'low' },
] as const;

/** One contact of a run and what became of it. */
export const emailSyncContactRow = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  /** Lower-cased. */
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** `+234…`; null: none given. */
  phone: z.string().nullable(),
  /** The merchant whose owner this is (a sync of every owner); null for an uploaded contact. */
  businessId: z.number().int().nullable(),
  businessName: z.string().nullable(),
  /** The contact's row in the uploaded file; null for a sync of every owner. */
  rowNumber: z.number().int().nullable(),
  result: emailSyncResultField,
  /** Why it was skipped or failed, in a sentence. */
  reason: z.string().nullable(),
  /** When its result was recorded. */
  at: timestamp.nullable(),
});
export type EmailSyncContactRow = z.infer<typeof emailSyncContactRow>;

export const emailSyncContactColumns = [
  { key: 'email', label: 'Email', kind: 'email', priority: 'high' },
  { key: 'firstName', label: 'First name', kind: 'text', priority: 'low' },
  { key: 'lastName', label: 'Last name', kind: 'text', priority: 'low' },
  { key: 'phone', label: 'Phone', kind: 'text', width: 17, priority: 'low' },
  { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'medium' },
  { key: 'rowNumber', label: 'File row', kind: 'number', priority: 'low' },
  { key: 'result', label: 'Result', kind: 'enum', words: EMAIL_SYNC_RESULT_WORDS, priority: 'high' },
  { key: 'reason', label: 'Why', kind: 'sentence', priority: 'medium' },
  { key: 'at', label: 'At', kind: 'datetime', priority: 'low' },
] as const;

/** The columns of a contact file, in the template's order. */
export const EMAIL_SYNC_UPLOAD_COLUMNS = [
  { key: 'email', required: true, example: 'ada.obi@example.ng', about: "the contact's email address" },
  { key: 'first_name', required: false, example: 'Ada', about: 'optional: their first name' },
  { key: 'last_name', required: false, example: 'Obi', about: 'optional: their last name' },
  { key: 'phone', required: false, example: '0803 123 4567', about: 'optional: a Nigerian mobile number, written any usual way' },
] as const;
export type EmailSyncUploadColumn = (typeof EMAIL_SYNC_UPLOAD_COLUMNS)[number]['key'];
export const MAX_EMAIL_SYNC_UPLOAD_ROWS = 20_000;

/** A row that cannot be sent, and why. */
export const emailSyncUploadProblem = z.object({ row: z.number().int(), field: z.string(), value: z.string(), message: z.string() });

export const emailSyncUploadAnswer = z.object({
  /** Whether a run was started (a check starts none). */
  saved: z.boolean(),
  rows: z.number().int(),
  good: z.number().int(),
  /** Good rows whose address is on the opt-out list: the run skips them. */
  optedOut: z.number().int(),
  problems: z.array(emailSyncUploadProblem),
  /** The run that pushes the good rows (a save). */
  run: emailSyncRunRow.nullable(),
  message: z.string(),
});

export const emailSyncStartAnswer = z.object({
  run: emailSyncRunRow,
  message: z.string(),
});
