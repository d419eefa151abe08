import {
  ApiError,
  badRequest,
  EMAIL_SYNC_UPLOAD_COLUMNS,
  type EmailSyncUploadColumn,
  formatByteSize,
  MAX_EMAIL_SYNC_UPLOAD_ROWS,
  normaliseNigerianPhone,
} from '@traction/core';
import { z } from 'zod';
import { readSpreadsheet, type SheetRow } from '../../handling/spreadsheet';
import type { NewContact } from './email-sync.repository';

/**
 * Contact files (spec §3: the form field `email`), read with the shared spreadsheet reader as
 * every upload is, then every row checked before anything is sent.
 */

/** The form field the file travels in (spec §3). */
export const CONTACT_FILE_FIELD = 'email';
/** The largest contact file taken: 20,000 rows of four short columns fit many times over. */
export const MAX_CONTACT_FILE_BYTES = 5 * 1024 * 1024;
/** The longest first or last name kept (the list's attribute). */
const LONGEST_NAME = 100;

/** Header names people give the columns, besides the template's own. */
const HEADER_ALIASES: Readonly<Record<EmailSyncUploadColumn, readonly string[]>> = {
  email: ['email address', 'e-mail', 'mail', 'contact email', 'emailaddress'],
  first_name: ['first name', 'firstname', 'given name', 'first'],
  last_name: ['last name', 'lastname', 'surname', 'family name', 'last'],
  phone: ['phone number', 'mobile', 'mobile number', 'telephone', 'sms', 'phone no'],
};

const anEmail = z.email();

/** The file's bytes, refused when empty or larger than the limit (naming the form field). */
export async function contactFileBytes(file: Blob): Promise<Uint8Array> {
  if (file.size > MAX_CONTACT_FILE_BYTES) {
    throw new ApiError(413, `The file is ${formatByteSize(file.size)}; the limit is ${formatByteSize(MAX_CONTACT_FILE_BYTES)}`, {
      fields: [{ field: CONTACT_FILE_FIELD, message: `must be at most ${formatByteSize(MAX_CONTACT_FILE_BYTES)}` }],
    });
  }
  if (file.size === 0) throw badRequest('The file is empty', [{ field: CONTACT_FILE_FIELD, message: 'is empty' }]);
  return new Uint8Array(await file.arrayBuffer());
}

/** The shared reader names the field `file`; this upload's field is `email`. */
function renameFileField(error: unknown): never {
  if (error instanceof ApiError && Array.isArray(error.details?.fields)) {
    const fields = error.details.fields.map((issue) => (issue.field === 'file' ? { ...issue, field: CONTACT_FILE_FIELD } : issue));
    throw new ApiError(error.status, error.message, { ...error.details, fields }, { cause: error });
  }
  throw error;
}

/** The file's rows: CSV (or XLSX, XLS), the columns matched by name. */
export function readContactRows(bytes: Uint8Array): SheetRow<EmailSyncUploadColumn>[] {
  try {
    return readSpreadsheet(bytes, {
      columns: EMAIL_SYNC_UPLOAD_COLUMNS,
      aliases: HEADER_ALIASES,
      rowsAre: 'contacts',
      maxRows: MAX_EMAIL_SYNC_UPLOAD_ROWS,
      xls: true,
    }).rows;
  } catch (error) {
    return renameFileField(error);
  }
}

export interface ContactProblem {
  row: number;
  field: string;
  value: string;
  message: string;
}

/**
 * Every problem of every row, and the good rows as contacts: an email that is empty or no
 * address, or named again (naming the first row, whatever its case), a name too long, a phone
 * that is not a Nigerian mobile number. Empty optional cells are left empty.
 */
export function checkContactRows(rows: readonly SheetRow<EmailSyncUploadColumn>[]) {
  const problems: ContactProblem[] = [];
  const good: NewContact[] = [];
  const firstRow = new Map<string, number>();
  for (const { rowNumber, cells } of rows) {
    const before = problems.length;
    const add = (field: EmailSyncUploadColumn, message: string) => problems.push({ row: rowNumber, field, value: cells[field], message });

    const email = cells.email.trim().toLowerCase();
    if (email === '') add('email', 'is empty');
    else if (email.length > 254 || !anEmail.safeParse(email).success) add('email', 'is not an email address');
    else if (firstRow.has(email)) add('email', `names ${email} again (first at row ${firstRow.get(email)})`);
    if (email !== '' && !firstRow.has(email)) firstRow.set(email, rowNumber);

    for (const field of ['first_name', 'last_name'] as const) {
      if (cells[field].length > LONGEST_NAME) add(field, `is longer than ${LONGEST_NAME} characters`);
    }
    let phone: string | null = null;
    if (cells.phone !== '') {
      phone = normaliseNigerianPhone(cells.phone);
      if (phone === null) add('phone', 'is not a Nigerian mobile number (such as 0803 123 4567 or +2348031234567)');
    }

    if (problems.length === before) good.push({ email, firstName: cells.first_name, lastName: cells.last_name, phone, rowNumber });
  }
  return { good, problems };
}
