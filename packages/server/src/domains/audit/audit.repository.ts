import { auditSentence, auditSubjectKey, commandsById, type AuditEntry } from '@traction/core';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';
import { subjectWithoutLookup } from './audit-subjects.repository';

/** The audit log (`l`), as its page lists it. */
export function auditLogQuery(db: Db) {
  return db
    .selectFrom('audit_log as l')
    .select([
      'l.id',
      'l.at',
      'l.admin_id',
      'l.admin_email',
      'l.admin_name',
      'l.device_fingerprint',
      'l.command_id',
      'l.input',
      'l.outcome',
      'l.message',
      'l.summary',
      'l.subject_kind',
      'l.subject_id',
      'l.subject_name',
      'l.subject_count',
      'l.request_id',
      'l.ip',
    ]);
}

/**
 * A row as the log shows it. Rows written since migration 0010 carry their sentence and subject;
 * older ones are told from their command and input here, naming the subject by its key
 * ("business #2987"), since what it was called then was not kept.
 */
export function toAuditEntry(row: RowOf<typeof auditLogQuery>): AuditEntry {
  const command = commandsById.get(row.command_id);
  const key = row.summary === null && command ? auditSubjectKey(command, row.input) : null;
  const told = key ? subjectWithoutLookup(key) : null;
  const subject = row.subject_name ?? told?.name ?? null;
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    adminId: row.admin_id,
    adminEmail: row.admin_email,
    adminName: row.admin_name,
    summary:
      row.summary ??
      auditSentence(command, {
        commandId: row.command_id,
        actor: row.admin_name ?? row.admin_email,
        input: row.input,
        outcome: row.outcome,
        message: row.message,
        subject,
      }),
    subject,
    subjectKind: row.subject_kind ?? told?.kind ?? null,
    subjectId: row.subject_id ?? told?.id ?? null,
    subjectCount: row.subject_count ?? told?.count ?? null,
    deviceFingerprint: row.device_fingerprint,
    commandId: row.command_id,
    input: row.input,
    outcome: row.outcome,
    message: row.message,
    requestId: row.request_id,
    ip: row.ip,
  };
}
