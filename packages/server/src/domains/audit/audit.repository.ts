import type { AuditEntry } from '@traction/core';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';

/** The audit log (`l`), as its page lists it. */
export function auditLogQuery(db: Db) {
  return db
    .selectFrom('audit_log as l')
    .select([
      'l.id',
      'l.at',
      'l.admin_id',
      'l.admin_email',
      'l.device_fingerprint',
      'l.command_id',
      'l.input',
      'l.outcome',
      'l.message',
      'l.request_id',
      'l.ip',
    ]);
}

export function toAuditEntry(row: RowOf<typeof auditLogQuery>): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    adminId: row.admin_id,
    adminEmail: row.admin_email,
    deviceFingerprint: row.device_fingerprint,
    commandId: row.command_id,
    input: row.input,
    outcome: row.outcome,
    message: row.message,
    requestId: row.request_id,
    ip: row.ip,
  };
}
