import { auditSentence, auditSubjectKey, type AnyCommand } from '@traction/core';
import type { Db } from '../../db/connect';
import { describeSubject } from './audit-subjects.repository';

/** One audit row as the request pipeline hands it over: input already redacted and storable. */
export interface NewAuditEntry {
  at: Date;
  command: AnyCommand;
  admin: { id: number; email: string } | null;
  deviceFingerprint: string | null;
  /** The input as the log keeps it (secrets redacted). */
  input: Record<string, unknown>;
  /** The command's answer, on success: what it created, how many rows a bulk run changed. */
  output?: unknown;
  outcome: string;
  message: string | null;
  requestId: string | null;
  ip: string | null;
}

const LONGEST_SUMMARY = 1_000;

/**
 * Writes one audit row with what it says happened: the admin's name, the subject's name and the
 * sentence, looked up in `db` — pass the command's transaction, so the row commits or rolls back
 * with the change and names things as the change left them.
 */
export async function appendAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  const adminName = entry.admin ? await adminNameOf(db, entry.admin.id) : null;
  const key = auditSubjectKey(entry.command, entry.input, entry.output);
  const subject = key ? await describeSubject(db, key) : null;
  const summary = auditSentence(entry.command, {
    commandId: entry.command.id,
    actor: adminName ?? entry.admin?.email ?? null,
    input: entry.input,
    outcome: entry.outcome,
    message: entry.message,
    subject: subject?.name ?? null,
  });
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at,
      admin_id: entry.admin?.id ?? null,
      admin_email: entry.admin?.email ?? null,
      admin_name: adminName,
      device_fingerprint: entry.deviceFingerprint,
      command_id: entry.command.id,
      input: JSON.stringify(entry.input),
      outcome: entry.outcome,
      message: entry.message,
      summary: summary.slice(0, LONGEST_SUMMARY),
      subject_kind: subject?.kind ?? null,
      subject_id: subject?.id ?? null,
      subject_name: subject?.name ?? null,
      subject_count: subject?.count ?? null,
      request_id: entry.requestId,
      ip: entry.ip,
    })
    .execute();
}

async function adminNameOf(db: Db, adminId: number): Promise<string | null> {
  const row = await db.selectFrom('admins').select(['first_name', 'last_name']).where('id', '=', adminId).executeTakeFirst();
  return row ? `${row.first_name} ${row.last_name}`.trim() : null;
}
