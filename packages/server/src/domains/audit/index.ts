import type { Implementation } from '../../handling/implement';
import { listAuditLogHandler } from './audit.handlers';

export { appendAuditEntry, type NewAuditEntry } from './audit-write.repository';

/** Reading the audit log; the request pipeline writes it (http/audit.ts) through appendAuditEntry. */
export const auditImplementations: readonly Implementation[] = [listAuditLogHandler];
