import { z } from 'zod';
import { defineCommand } from '../../command';
import { fileAnswer } from '../../file-answer';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, searchField } from '../../schemas/common';
import { fileField } from '../../schemas/fields';
import {
  EMAIL_SYNC_UPLOAD_COLUMNS,
  emailSyncContactColumns,
  emailSyncContactRow,
  emailSyncKindField,
  emailSyncResultField,
  emailSyncRunColumns,
  emailSyncRunRow,
  emailSyncStartAnswer,
  emailSyncStatusField,
  emailSyncUploadAnswer,
  MAX_EMAIL_SYNC_UPLOAD_ROWS,
} from './email-sync-schemas';

/**
 * Email-marketing sync (spec §7 "Email sync", §3 "form field email"; page /sendinblue-email-synch):
 * the spec's two calls under /v1/marketing — bulkuploadcontact (a CSV of contacts in the form
 * field `email`) and syncallcontact (every merchant's owner) — each starting a run pushed to the
 * marketing provider by a job, and the runs and their results per contact to read back.
 */
const BASE = '/v1/marketing';
/** The console page of the runs. */
export const EMAIL_SYNC_ROUTE = '/sendinblue-email-synch';

export const startEmailSync = defineCommand({
  id: 'email-sync.run',
  group: 'email-sync',
  action: 'run',
  title: 'Sync every merchant owner to the marketing list',
  description:
    "Starts a run that pushes every merchant's owner (email, name, phone, business) to the email-marketing list, in batches the provider takes, as a job with progress. It first adds the provider's unsubscribed contacts to the opt-out list, and never sends an opted-out address. One such sync at a time: a second is refused (409) naming the one under way.",
  keywords: ['syncallcontact', 'sendinblue', 'brevo', 'email marketing', 'sync contacts', 'mailing list'],
  // The spec's GET: it still starts work, so it is a mutating command (audited, in a transaction, an Idempotency-Key honoured).
  method: 'GET',
  mutates: true,
  path: `${BASE}/syncallcontact`,
  permission: 'marketing.sync',
  danger: 'confirm',
  audit: { action: 'start {subject}', subject: { kind: 'email-sync', from: 'output.run.id' } },
  input: z.object({}),
  output: emailSyncStartAnswer,
  example: 'traction email-sync run --yes',
});

export const emailSyncTemplate = defineCommand({
  id: 'email-sync.template',
  group: 'email-sync',
  action: 'template',
  title: 'Download the contact file template',
  description: `A CSV with the columns a contact file takes (${EMAIL_SYNC_UPLOAD_COLUMNS.map((c) => c.key).join(', ')}) and an example row.`,
  keywords: ['contact template', 'bulkuploadcontact template'],
  method: 'GET',
  path: `${BASE}/bulkuploadcontact/template`,
  permission: 'marketing.view',
  answers: 'file',
  input: z.object({}),
  output: fileAnswer,
  example: 'traction email-sync template --out contacts.csv',
});

/** Spec §3: the file travels in the form field `email`. */
const contactFile = fileField.meta({ label: 'Contact file' }).describe('a CSV (or XLSX) of contacts: email, first_name, last_name, phone');

export const checkEmailSyncUpload = defineCommand({
  id: 'email-sync.check',
  group: 'email-sync',
  action: 'check',
  title: 'Check a contact file',
  description: `Checks every row of a contact file (at most ${MAX_EMAIL_SYNC_UPLOAD_ROWS.toLocaleString('en-NG')} rows): an address that is not one, an address named twice, a phone that is not a Nigerian mobile number, a name too long; and counts the addresses on the opt-out list. Sends nothing.`,
  keywords: ['bulkuploadcontact/validate', 'check contacts'],
  method: 'POST',
  path: `${BASE}/bulkuploadcontact/validate`,
  permission: 'marketing.sync',
  mutates: false,
  input: z.object({ email: contactFile }),
  output: emailSyncUploadAnswer,
  example: 'traction email-sync check --email contacts.csv',
});

export const uploadEmailSyncContacts = defineCommand({
  id: 'email-sync.upload',
  group: 'email-sync',
  action: 'upload',
  title: 'Upload contacts to the marketing list',
  description:
    'Starts a run that pushes the contacts of a file to the email-marketing list, as a job with progress. Every row is checked first; a file with a bad row sends nothing unless skipBadRows is set. Addresses on the opt-out list are skipped, never re-added.',
  keywords: ['bulkuploadcontact', 'upload contacts', 'import contacts', 'sendinblue', 'brevo'],
  method: 'POST',
  path: `${BASE}/bulkuploadcontact`,
  permission: 'marketing.sync',
  idempotency: 'required',
  audit: { action: 'upload contacts to the marketing list for {subject}', subject: { kind: 'email-sync', from: 'output.run.id' } },
  input: z.object({
    skipBadRows: z.boolean().default(false).meta({ label: 'Send the good rows, skip the bad' }),
    email: contactFile,
  }),
  output: emailSyncUploadAnswer,
  example: 'traction email-sync upload --email contacts.csv',
});

export const listEmailSyncRuns = defineCommand({
  id: 'email-sync.runs',
  group: 'email-sync',
  action: 'runs',
  title: 'List email-marketing syncs',
  description:
    'Syncs of every merchant owner and contact uploads, newest first: who started each, where it stands and how many contacts were added, updated, skipped as opted out or failed.',
  keywords: ['sendinblue-email-synch', 'email sync history', 'marketing syncs'],
  method: 'GET',
  path: `${BASE}/syncs`,
  permission: 'marketing.view',
  input: z.object({ ...listPaging, kind: emailSyncKindField.optional(), status: emailSyncStatusField.optional() }),
  output: listOutput(emailSyncRunRow),
  list: {
    route: EMAIL_SYNC_ROUTE,
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    detailRoute: `${EMAIL_SYNC_ROUTE}/{id}`,
    rowName: 'id',
    csv: true,
    columns: emailSyncRunColumns,
  },
  example: 'traction email-sync runs --status FAILED',
});

export const getEmailSyncRun = defineCommand({
  id: 'email-sync.get-run',
  group: 'email-sync',
  action: 'get-run',
  title: 'Show an email-marketing sync',
  description: 'One run with its counts, what it is doing or waiting for, and why it failed.',
  method: 'GET',
  path: `${BASE}/syncs/{id}`,
  permission: 'marketing.view',
  input: z.object({ id: idField.meta({ label: 'Run' }) }),
  output: emailSyncRunRow,
  example: 'traction email-sync get-run --id 7',
});

export const listEmailSyncContacts = defineCommand({
  id: 'email-sync.results',
  group: 'email-sync',
  action: 'results',
  title: 'List what a sync did with each contact',
  description:
    'Each contact of a run, in the order it was pushed: added, updated, skipped as opted out, failed (and why) or not sent yet. Search matches the start of an email address.',
  keywords: ['sync results', 'failed contacts', 'invalid email'],
  method: 'GET',
  path: `${BASE}/syncs/{id}/contacts`,
  permission: 'marketing.view',
  input: z.object({
    ...listPaging,
    id: idField.meta({ label: 'Run' }),
    search: searchField.optional().describe('the start of an email address'),
    result: emailSyncResultField.optional(),
  }),
  output: listOutput(emailSyncContactRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    rowName: 'email',
    csv: true,
    columns: emailSyncContactColumns,
  },
  example: 'traction email-sync results --id 7 --result FAILED',
});

export const retryEmailSync = defineCommand({
  id: 'email-sync.retry',
  group: 'email-sync',
  action: 'retry',
  title: 'Retry a failed email-marketing sync',
  description:
    'Starts a failed run again: it carries on with the contacts not sent yet (those with a result keep it). Refused while the run is under way, and for a sync of every owner while another one is.',
  keywords: ['retry sync', 'resume sync'],
  method: 'POST',
  path: `${BASE}/syncs/{id}/retry`,
  permission: 'marketing.sync',
  idempotency: 'required',
  audit: { action: 'retry {subject}', subject: { kind: 'email-sync', from: 'id' } },
  input: z.object({ id: idField.meta({ label: 'Run' }) }),
  output: emailSyncStartAnswer,
  example: 'traction email-sync retry --id 7',
});
