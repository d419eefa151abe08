import type { Implementation } from '../../handling/implement';
import { listAuditLogHandler } from './audit.handlers';

/** Reading the audit log (the request pipeline writes it: http/audit.ts). */
export const auditImplementations: readonly Implementation[] = [listAuditLogHandler];
