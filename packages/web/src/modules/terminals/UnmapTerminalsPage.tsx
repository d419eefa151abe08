import { listTerminals, unmapTerminal, unmapTerminalsBulk } from '@traction/core';
import { useMemo } from 'react';
import { useOpenCommand } from '../commands/useOpenCommand';
import { ListPage } from '../list/ListPage';

/**
 * Unmap Terminals: the terminals with a merchant (assigned, in transit, deployed). Enter on a row
 * detaches it, asking why; one that took payments not yet settled is refused with which ones
 * until the admin says to go ahead. Many at once: select them (x, or all matching) and Unmap on
 * the selection bar; those with no merchant or unsettled payments are skipped and named. A file
 * of them: `traction bulk terminals unmap --file`.
 */
export default function UnmapTerminalsPage() {
  const { allowed, open } = useOpenCommand();
  const fixed = useMemo(() => ({ mapped: true }), []);
  const bulk = useMemo(() => (allowed(unmapTerminalsBulk) ? [{ command: unmapTerminalsBulk, label: 'Unmap', tone: 'danger' as const }] : []), [allowed]);
  return (
    <ListPage
      command={listTerminals}
      title="Unmap Terminals"
      description="Terminals with a merchant. Open one (Enter) to unmap it, or select several (x) and unmap them together: an assigned terminal goes back into stock, one in transit or deployed is retrieved. From a file: traction bulk terminals unmap --file terminals.csv."
      rowNoun={{ one: 'mapped terminal', other: 'mapped terminals' }}
      fixed={fixed}
      bulkActions={bulk}
      onOpenRow={
        allowed(unmapTerminal)
          ? (row) =>
              open({
                command: unmapTerminal,
                fixed: { terminal_id: String(row.terminalId), serial_no: String(row.serialNo) },
                about: `terminal ${String(row.serialNo)}`,
                subject: `${String(row.serialNo)} (${String(row.terminalId)}) at ${String(row.businessName)}`,
              })
          : undefined
      }
    />
  );
}
