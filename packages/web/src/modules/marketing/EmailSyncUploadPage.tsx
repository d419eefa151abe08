import {
  checkEmailSyncUpload,
  EMAIL_SYNC_UPLOAD_COLUMNS,
  emailSyncTemplate,
  listEmailSyncRuns,
  MAX_EMAIL_SYNC_UPLOAD_ROWS,
  uploadEmailSyncContacts,
} from '@traction/core';
import { SpreadsheetUpload, type UploadOutcome } from '../uploads/SpreadsheetUpload';
import { EMAIL_SYNC_PATH, emailSyncRunPath } from './emailSyncPaths';

type UploadCommand = typeof checkEmailSyncUpload | typeof uploadEmailSyncContacts;
const REFRESH = [listEmailSyncRuns];
/** The server's limit (5 MB), said before anything is sent. */
const MAX_BYTES = 5 * 1024 * 1024;

const outcome = (answer: {
  saved: boolean;
  good: number;
  message: string;
  problems: UploadOutcome['problems'];
  run: { id: number } | null;
}): UploadOutcome => ({
  checked: !answer.saved,
  good: answer.good,
  message: answer.message,
  problems: answer.problems,
  link: answer.run ? { to: emailSyncRunPath(answer.run.id), label: `Follow sync #${answer.run.id} and its results` } : undefined,
});

/**
 * Upload contacts to the email-marketing list (spec §3: the file in the form field `email`): every
 * row is checked first — an address that is not one, one named twice, a phone that is not a
 * Nigerian mobile number — and every bad row listed before anything is sent; the opted-out are
 * counted, and skipped by the run. Sending starts a run that pushes the contacts as a job.
 */
export default function EmailSyncUploadPage() {
  return (
    <SpreadsheetUpload<UploadCommand>
      page="email-sync-upload"
      title="Upload Contacts to the Marketing List"
      description={`A CSV (or XLSX) of at most ${MAX_EMAIL_SYNC_UPLOAD_ROWS.toLocaleString('en-NG')} contacts, one a row. Every row is checked first; nothing is sent until you send it, and addresses on the opt-out list are never re-added.`}
      fileLabel="Contact file"
      fileField="email"
      columns={EMAIL_SYNC_UPLOAD_COLUMNS}
      maxBytes={MAX_BYTES}
      template={{ command: emailSyncTemplate }}
      back={{ path: EMAIL_SYNC_PATH, label: 'Email marketing syncs', shortcut: 'Email marketing syncs' }}
      check={{ command: checkEmailSyncUpload, input: {} }}
      save={(skipBadRows) => ({ command: uploadEmailSyncContacts, input: { skipBadRows } })}
      outcome={outcome}
      refresh={REFRESH}
      purpose="to upload contacts"
      formTestId="email-sync-upload-form"
    />
  );
}
