import { listAuditLog, rangeBoundToDate, type AuditEntry } from '@traction/core';
import { escapeLike } from '../../db/like';
import { implementList } from '../../http/implement';

export const listAuditLogHandler = implementList(listAuditLog, ({ input, ctx }) => {
  let query = ctx.db
    .selectFrom('audit_log as l')
    .select(['l.id', 'l.at', 'l.admin_id', 'l.admin_email', 'l.device_fingerprint', 'l.command_id', 'l.input', 'l.outcome', 'l.message', 'l.request_id', 'l.ip']);
  if (input.adminId !== undefined) query = query.where('l.admin_id', '=', input.adminId);
  if (input.command) {
    query = input.command.endsWith('*')
      ? query.where('l.command_id', 'like', `${escapeLike(input.command.slice(0, -1))}%`)
      : query.where('l.command_id', '=', input.command);
  }
  if (input.outcome === 'ok') query = query.where('l.outcome', '=', 'ok');
  if (input.outcome === 'error') query = query.where('l.outcome', '<>', 'ok');
  if (input.startdatetime) query = query.where('l.at', '>=', rangeBoundToDate(input.startdatetime, 'start'));
  if (input.enddatetime) query = query.where('l.at', '<=', rangeBoundToDate(input.enddatetime, 'end'));
  return {
    query,
    cursor: { column: 'l.id', key: 'id', direction: 'desc' },
    map: (row): AuditEntry => ({
      id: Number(row.id),
      at: (row.at as Date).toISOString(),
      adminId: row.admin_id as number | null,
      adminEmail: row.admin_email as string | null,
      deviceFingerprint: row.device_fingerprint as string | null,
      commandId: row.command_id as string,
      input: row.input as Record<string, unknown>,
      outcome: row.outcome as string,
      message: row.message as string | null,
      requestId: row.request_id as string | null,
      ip: row.ip as string | null,
    }),
  };
});
