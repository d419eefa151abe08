import { z } from 'zod';
import { defineCommand } from '../../command';
import { fileAnswer } from '../../file-answer';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { phoneField } from '../../schemas/business';
import { emailField, idField, searchField, timestamp } from '../../schemas/common';
import { fileField } from '../../schemas/fields';
import { reasonField } from '../../schemas/risk';
import { said } from '../audit/audit-description';

/**
 * Staff referral codes (docs/decisions.md "Staff referral codes"): a code belongs to one staff
 * member, merchants sign up with it, and customers check on the public portal that a visiting
 * officer is real staff. Paths are the spec's (`retrieve`, `create`, `delete/{id}`,
 * `retrieve/public/{code}`) under `/v1/staff`; the status change and the photo are ours.
 */

/** A code: 6 to 10 capital letters and digits. People may type it in any case; it is kept and compared upper-case. */
export const STAFF_CODE_PATTERN = /^[A-Z0-9]{6,10}$/;

/** What the public portal answers for a code that is unknown or deactivated: the same words, so the two cannot be told apart. */
export const NOT_A_STAFF_CODE_MESSAGE = 'This is not a current Traction staff code. Do not deal with the visitor; call Traction support.';

/** Public lookups one address may make in `STAFF_LOOKUP_WINDOW_SECONDS`. */
export const STAFF_LOOKUPS_PER_ADDRESS = 20;
export const STAFF_LOOKUP_WINDOW_SECONDS = 600;

/** The largest staff photo accepted: a portrait, not a scan (it travels inside the public answer). */
export const STAFF_PHOTO_MAX_BYTES = 1_048_576;

export const STAFF_CODE_STATUSES = ['ACTIVE', 'DEACTIVATED'] as const;
export type StaffCodeStatus = (typeof STAFF_CODE_STATUSES)[number];
export const STAFF_CODE_STATUS_WORDS: Record<StaffCodeStatus, string> = { ACTIVE: 'Active', DEACTIVATED: 'Deactivated' };
const statusField = z.enum(STAFF_CODE_STATUSES).meta({ label: 'Status', words: STAFF_CODE_STATUS_WORDS });

/** A staff code as typed: trimmed and upper-cased, then held to the pattern. */
export const staffCodeField = z
  .string()
  .trim()
  .max(40)
  .transform((text) => text.toUpperCase())
  .pipe(z.string().regex(STAFF_CODE_PATTERN, 'must be 6 to 10 letters and digits, such as TRC4821'))
  .meta({ label: 'Code' });

const text = (min: number, max: number, label: string) =>
  z.string().trim().min(min, `must be at least ${min} characters`).max(max, `must be at most ${max} characters`).meta({ label });

export const staffCodeRow = z.object({
  id: z.number().int(),
  /** Upper-case, 6 to 10 letters and digits. */
  code: z.string(),
  /** The staff member's full name. */
  name: z.string(),
  email: z.string(),
  /** `+234…`. */
  phone: z.string(),
  /** Their role or title ("Merchant Sales Officer"), what the public portal shows. */
  role: z.string(),
  status: statusField,
  /** Whether a photo is kept (the public portal shows it; `staff-codes photo` downloads it). */
  hasPhoto: z.boolean(),
  /** Merchants who signed up with the code. */
  signUps: z.number().int(),
  /** When the latest of them signed up; null: none yet. */
  lastSignUpAt: timestamp.nullable(),
  /** Why it was last deactivated or reactivated. */
  statusReason: z.string().nullable(),
  statusChangedAt: timestamp.nullable(),
  /** Who last deactivated or reactivated it (name). */
  statusChangedBy: z.string().nullable(),
  createdAt: timestamp,
  /** Who created it (name); null for demo data. */
  createdBy: z.string().nullable(),
});
export type StaffCodeRow = z.infer<typeof staffCodeRow>;

export const listStaffCodes = defineCommand({
  id: 'staff-codes.list',
  group: 'staff-codes',
  action: 'list',
  title: 'List staff referral codes',
  description:
    'Every staff referral code, newest first: whose it is, their role, whether it is active, and how many merchants signed up with it. Search matches the code, or the start of a name (or of any word of it) or email.',
  keywords: ['staff referral code', 'referral', 'staff code', 'sales officer', 'retrieve', 'sign-ups'],
  method: 'GET',
  path: '/v1/staff/retrieve',
  permission: 'staff-codes.view',
  input: z.object({ ...listPaging, search: searchField.optional(), status: statusField.optional() }),
  output: listOutput(staffCodeRow),
  list: {
    route: '/staff-referral-code',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    rowName: 'code',
    csv: true,
    columns: [
      { key: 'code', label: 'Code', kind: 'text', width: 10, priority: 'high', card: 'title' },
      { key: 'name', label: 'Staff member', kind: 'text', priority: 'high' },
      { key: 'role', label: 'Role', kind: 'text' },
      { key: 'email', label: 'Email', kind: 'email', priority: 'low' },
      { key: 'phone', label: 'Phone', kind: 'text', width: 17, priority: 'low' },
      { key: 'status', label: 'Status', kind: 'enum', words: STAFF_CODE_STATUS_WORDS, priority: 'high' },
      { key: 'signUps', label: 'Sign-ups', kind: 'number', priority: 'high' },
      { key: 'lastSignUpAt', label: 'Last sign-up', kind: 'datetime', priority: 'low' },
      { key: 'createdAt', label: 'Created', kind: 'datetime', priority: 'low' },
      { key: 'createdBy', label: 'Created by', kind: 'text', priority: 'low' },
    ],
  },
  example: 'traction staff-codes list --status ACTIVE --search adaeze',
});

export const createStaffCode = defineCommand({
  id: 'staff-codes.create',
  group: 'staff-codes',
  action: 'create',
  title: 'Create a staff referral code',
  description:
    'A referral code for one staff member, with their name, contact, role and photo (JPEG or PNG, recognised by its content, at most 1 MB). Leave the code out to have one made (8 letters and digits). A code is unique whatever its case, and a staff member holds one active code.',
  keywords: ['new staff referral code', 'referral', 'staff code', 'create'],
  method: 'POST',
  path: '/v1/staff/create',
  permission: 'staff-codes.manage',
  audit: {
    action: (input) =>
      `create the staff referral code ${said(input.code) ? `${said(input.code).toUpperCase()} ` : ''}for ${said(input.name) || 'a staff member'}`,
    subject: { kind: 'staff-code', from: 'output.staffCode.id' },
  },
  input: z.object({
    name: text(2, 120, 'Full name'),
    email: emailField.meta({ label: 'Work email' }),
    phone: phoneField,
    role: text(2, 80, 'Role or title'),
    code: staffCodeField.optional().meta({ label: 'Code (leave empty to have one made)' }),
    /** A portrait, as the multipart part `photo`: what customers see on the public portal. */
    photo: fileField.optional().meta({ label: 'Photo (JPEG or PNG, at most 1 MB)' }),
  }),
  output: z.object({ staffCode: staffCodeRow, message: z.string() }),
  example:
    'traction staff-codes create --name "Adaeze Okafor" --email adaeze.okafor@traction.ng --phone 08031234567 --role "Merchant Sales Officer" --code TRC4821',
});

export const setStaffCodeStatus = defineCommand({
  id: 'staff-codes.status',
  group: 'staff-codes',
  action: 'status',
  title: 'Deactivate or reactivate a staff code',
  description:
    'Deactivates a code (the staff member left, or the code leaked): the public portal stops vouching for it and no new merchant can sign up with it; the merchants who did keep their link. Or reactivates it. Needs a reason.',
  keywords: ['deactivate staff code', 'reactivate staff code', 'disable referral code'],
  method: 'PATCH',
  path: '/v1/staff/{id}/status',
  permission: 'staff-codes.manage',
  danger: 'confirm',
  audit: {
    action: (input) => `${said(input.status) === 'ACTIVE' ? 'reactivate' : 'deactivate'} {subject}`,
    subject: { kind: 'staff-code', from: 'id' },
    note: 'reason',
  },
  input: z.object({ id: idField.meta({ label: 'Staff code' }), status: statusField, reason: reasonField }),
  output: z.object({ staffCode: staffCodeRow, message: z.string() }),
  example: 'traction staff-codes status --id 3 --status DEACTIVATED --reason "Left the company"',
});

export const deleteStaffCode = defineCommand({
  id: 'staff-codes.delete',
  group: 'staff-codes',
  action: 'delete',
  title: 'Delete a staff referral code',
  description:
    'Removes a code made by mistake, with its photo. A code merchants signed up with is never deleted (their sign-ups would lose who referred them): deactivate it instead.',
  keywords: ['remove staff code', 'delete referral code'],
  method: 'DELETE',
  path: '/v1/staff/{id}',
  permission: 'staff-codes.manage',
  danger: 'confirm',
  audit: { action: 'delete {subject}', subject: { kind: 'staff-code', from: 'id' } },
  input: z.object({ id: idField.meta({ label: 'Staff code' }) }),
  output: z.object({ ok: z.literal(true), message: z.string() }),
  example: 'traction staff-codes delete --id 7',
});

export const getStaffPhoto = defineCommand({
  id: 'staff-codes.photo',
  group: 'staff-codes',
  action: 'photo',
  title: 'Download a staff member’s photo',
  description: 'The photo kept with a staff code, as uploaded (JPEG or PNG).',
  keywords: ['staff photo', 'portrait'],
  method: 'GET',
  path: '/v1/staff/{id}/photo',
  permission: 'staff-codes.view',
  answers: 'file',
  input: z.object({ id: idField.meta({ label: 'Staff code' }) }),
  output: fileAnswer,
  example: 'traction staff-codes photo --id 3 --out adaeze.jpg',
});

/** What the public portal shows of a staff member: the name, role and photo of an active code, nothing else. */
export const publicStaffMember = z.object({
  name: z.string(),
  role: z.string(),
  /** The photo as a `data:image/…;base64,` URL; null when none is kept. */
  photo: z.string().nullable(),
  message: z.string(),
});
export type PublicStaffMember = z.infer<typeof publicStaffMember>;

export const verifyStaffCode = defineCommand({
  id: 'staff-codes.verify',
  group: 'staff-codes',
  action: 'verify',
  title: 'Check a staff code',
  description: `The public staff verification portal (no sign-in): a customer types the code a visiting officer gives and sees the name, role and photo of the staff member, when the code is active. Any other code answers 404 with the same words. At most ${STAFF_LOOKUPS_PER_ADDRESS} checks per address every ${STAFF_LOOKUP_WINDOW_SECONDS / 60} minutes.`,
  keywords: ['staff verification portal', 'verify staff', 'is this officer real', 'public'],
  method: 'GET',
  path: '/v1/staff/retrieve/public/{code}',
  auth: 'public',
  permission: null,
  input: z.object({ code: staffCodeField }),
  output: publicStaffMember,
  example: 'traction staff-codes verify --code TRC4821',
});
