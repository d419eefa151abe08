import { listAuditLog } from '@traction/core';
import { SimpleListPage } from '../list/SimpleListPage';

export default function AuditLogPage() {
  return <SimpleListPage command={listAuditLog} title="Audit Log" />;
}
