import { listAuditLog } from '@traction/core';
import { ListPage } from '../list/ListPage';

export default function AuditLogPage() {
  return <ListPage command={listAuditLog} title="Audit Log" description="Every command run, by whom, from which device." rowNoun={{ one: 'entry', other: 'entries' }} />;
}
