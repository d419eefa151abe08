import { listAuditLog, rangeBoundToDate } from '@traction/core';
import { escapeLike } from '../../db/like';
import { implementList } from '../../handling/implement';
import { auditLogQuery, toAuditEntry } from './audit.repository';

export const listAuditLogHandler = implementList(listAuditLog, ({ input, ctx }) => {
  let query = auditLogQuery(ctx.db);
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
  return { query, cursor: { column: 'l.id', key: 'id', direction: 'desc' }, map: toAuditEntry };
});
