import type { AuditEntry } from '@traction/core';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { canOpenPath } from '../../canOpenPath';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { linkClass } from '../ui/linkClass';
import { auditSubjectPath } from './auditSubjectPath';

/**
 * An audit entry's subject by name, linked to its page for admins who may open it; plain text
 * otherwise. In the table's rows it is left out of the Tab order (`tabIndex={-1}`): the grid is
 * one stop, and the entry's dialog carries the same link for the keyboard.
 */
export function AuditSubjectLink({ entry, tabIndex }: { entry: Pick<AuditEntry, 'subject' | 'subjectKind' | 'subjectId'>; tabIndex?: number }) {
  const permissions = useAtomValue(permissionSetAtom);
  if (!entry.subject) return null;
  const path = auditSubjectPath(entry);
  if (!path || !canOpenPath(path.split('?')[0] ?? path, permissions)) return <span data-audit-subject={entry.subjectKind ?? ''}>{entry.subject}</span>;
  return (
    <Link to={path} tabIndex={tabIndex} data-audit-subject={entry.subjectKind ?? ''} className={linkClass}>
      {entry.subject}
    </Link>
  );
}
