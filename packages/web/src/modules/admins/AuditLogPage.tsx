import { listAuditLog, registry, type AuditEntry, type ListColumn } from '@traction/core';
import { useCallback, useState } from 'react';
import { AuditEntryDialog } from '../audit/AuditEntryDialog';
import { AuditSubjectLink } from '../audit/AuditSubjectLink';
import { CellRendererContext } from '../list/CellRendererContext';
import type { FilterOption } from '../list/FilterOption';
import { ListPage } from '../list/ListPage';

/** Only commands that change something are audited: those are the ones worth filtering by, by title. */
export const AUDITED_COMMANDS: readonly FilterOption[] = registry
  .filter((command) => command.mutates)
  .map((command) => ({ value: command.id, label: command.title }))
  .sort((a, b) => a.label.localeCompare(b.label));

const FILTER_OPTIONS = { command: AUDITED_COMMANDS };

/**
 * The Subject cell links to the subject's page (by mouse; the keyboard opens the entry and follows
 * the link there). An entry without a subject keeps the list's own empty cell (a dash).
 */
const renderCell = (column: ListColumn, row: Record<string, unknown>) =>
  column.key === 'subject' && row.subject ? <AuditSubjectLink entry={row as unknown as AuditEntry} tabIndex={-1} /> : undefined;

export default function AuditLogPage() {
  const [entry, setEntry] = useState<AuditEntry | null>(null);
  const open = useCallback((row: Record<string, unknown>) => setEntry(row as unknown as AuditEntry), []);
  return (
    <>
      <CellRendererContext.Provider value={renderCell}>
        <ListPage
          command={listAuditLog}
          title="Audit Log"
          description="What every admin did, and what was refused. Enter or double-click an entry to read it and open what it was about."
          rowNoun={{ one: 'entry', other: 'entries' }}
          filterOptions={FILTER_OPTIONS}
          onOpenRow={open}
        />
      </CellRendererContext.Provider>
      <AuditEntryDialog entry={entry} onClose={() => setEntry(null)} />
    </>
  );
}
