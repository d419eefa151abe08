import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { dateTimeParam, idField } from '../../schemas/common';

export * from './audit-description';
export * from './audit-sentence';
export * from './audit-words';

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  adminId: z.number().int().nullable(),
  adminEmail: z.string().nullable(),
  /** The admin's name as it was when the entry was written. */
  adminName: z.string().nullable(),
  /** What happened, as one sentence: "Ada Obi marked Sunrise Petroleum (#2987) as fraud: chargeback pattern". */
  summary: z.string(),
  /** What it was about, in words as they were when written: "Sunrise Petroleum (#2987)", "120 businesses". */
  subject: z.string().nullable(),
  /** The subject's kind (`business`, `admin`, `account`, `record`, … see AUDIT_SUBJECT_KINDS). */
  subjectKind: z.string().nullable(),
  /** The subject's key for its page: an id, an account number, a wallet uid, an email. */
  subjectId: z.string().nullable(),
  /** How many rows a bulk command changed (or was asked to, when refused). */
  subjectCount: z.number().int().nullable(),
  /** The device's short fingerprint (the device id itself is a credential and is never kept here). */
  deviceFingerprint: z.string().nullable(),
  commandId: z.string(),
  /** The command's input with secrets replaced by "[redacted]". */
  input: z.record(z.string(), z.unknown()),
  /** `ok`, or the error code the command answered with. */
  outcome: z.string(),
  message: z.string().nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const listAuditLog = defineCommand({
  id: 'audit.list',
  group: 'audit',
  action: 'list',
  title: 'Read the audit log',
  keywords: ['history', 'who did what', 'activity'],
  method: 'GET',
  path: '/v1/admin/audit-logs',
  permission: 'audit.view',
  input: z.object({
    ...listPaging,
    adminId: idField.optional(),
    /** Command id, e.g. `admins.create`; a trailing `*` matches a prefix (`admins.*`). */
    command: z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z0-9.*-]+$/, 'must be a command id such as admins.create')
      .optional(),
    outcome: z.enum(['ok', 'error']).optional(),
    startdatetime: dateTimeParam.optional(),
    enddatetime: dateTimeParam.optional(),
  }),
  output: listOutput(auditEntry),
  list: {
    route: '/audit-log',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    csv: true,
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    columns: [
      { key: 'at', label: 'Time', kind: 'datetime' },
      { key: 'summary', label: 'What happened', kind: 'sentence' },
      { key: 'subject', label: 'Subject', kind: 'text', priority: 'high', width: 24 },
      { key: 'outcome', label: 'Outcome', kind: 'enum', priority: 'high', width: 9 },
      { key: 'commandId', label: 'Command', kind: 'text', priority: 'low' },
      { key: 'adminEmail', label: 'Admin', kind: 'email' },
      { key: 'deviceFingerprint', label: 'Device', kind: 'text', priority: 'low', width: 9 },
      { key: 'ip', label: 'Address', kind: 'text', priority: 'low', width: 15 },
      { key: 'requestId', label: 'Request', kind: 'id', priority: 'low' },
    ],
  },
  example: 'traction audit list --command "admins.*" --startdatetime 2026-11-01',
});
