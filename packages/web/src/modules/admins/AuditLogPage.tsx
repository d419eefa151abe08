import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { commandsById, listAuditLog, registry, type AuditEntry } from '@traction/core';
import { useCallback, useState, type ReactNode } from 'react';
import type { FilterOption } from '../list/FilterOption';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { humanize } from '../ui/humanize';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';

/** Only commands that change something are audited: those are the ones worth filtering by, by title. */
export const AUDITED_COMMANDS: readonly FilterOption[] = registry
  .filter((command) => command.mutates)
  .map((command) => ({ value: command.id, label: command.title }))
  .sort((a, b) => a.label.localeCompare(b.label));

const FILTER_OPTIONS = { command: AUDITED_COMMANDS };

/** `ok` reads as Succeeded; an error code (`409`, `forbidden`) as Refused with the code. */
export const outcomeText = (outcome: string) => (outcome === 'ok' ? 'Succeeded' : `Refused (${humanize(outcome)})`);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 wrap-anywhere">{children || '—'}</dd>
    </div>
  );
}

/** One audit entry told as a sentence's parts: who, when, what, how it ended, and what they sent. */
function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const command = entry ? commandsById.get(entry.commandId) : undefined;
  return (
    <Dialog open={entry !== null} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[8vh]">
        <DialogPanel data-testid="audit-entry" data-entry-id={entry?.id} className="w-full max-w-lg rounded-xl bg-white p-5 shadow-xl dark:bg-zinc-900">
          {entry ? (
            <>
              <DialogTitle className="font-semibold">{command?.title ?? entry.commandId}</DialogTitle>
              <p className="mt-0.5 font-mono text-xs text-zinc-500 dark:text-zinc-400">{entry.commandId}</p>
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
                <Row label="Who">{entry.adminEmail ?? (entry.adminId !== null ? `Admin #${entry.adminId}` : 'Nobody signed in')}</Row>
                <Row label="When">{dateTimeFormat.format(new Date(entry.at))}</Row>
                <Row label="Outcome">
                  <span
                    data-outcome={entry.outcome}
                    className={entry.outcome === 'ok' ? 'text-accent-700 dark:text-accent-400' : 'text-red-700 dark:text-red-400'}
                  >
                    {outcomeText(entry.outcome)}
                  </span>
                </Row>
                <Row label="Message">{entry.message}</Row>
                <Row label="Device">
                  {entry.deviceFingerprint ? (
                    <span data-device-fingerprint className="font-mono text-xs">
                      {entry.deviceFingerprint}
                    </span>
                  ) : null}
                </Row>
                <Row label="Address">{entry.ip}</Row>
                <Row label="Request">{entry.requestId ? <span className="font-mono text-xs">{entry.requestId}</span> : null}</Row>
              </dl>
              <h3 className="mt-4 text-xs font-semibold text-zinc-500 dark:text-zinc-400">Input (secrets redacted)</h3>
              {Object.keys(entry.input).length > 0 ? (
                <pre data-audit-input className="mt-1 max-h-64 overflow-auto rounded-md bg-zinc-100 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-zinc-800">
                  {JSON.stringify(entry.input, null, 2)}
                </pre>
              ) : (
                <p data-audit-input className="mt-1 text-zinc-500 dark:text-zinc-400">
                  No input.
                </p>
              )}
              <div className="mt-4 flex justify-end">
                <Button onClick={onClose}>Close</Button>
              </div>
            </>
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

export default function AuditLogPage() {
  const [entry, setEntry] = useState<AuditEntry | null>(null);
  const open = useCallback((row: Record<string, unknown>) => setEntry(row as unknown as AuditEntry), []);
  return (
    <>
      <ListPage
        command={listAuditLog}
        title="Audit Log"
        description="Every command run, by whom, from which device. Enter or double-click an entry to read it."
        rowNoun={{ one: 'entry', other: 'entries' }}
        filterOptions={FILTER_OPTIONS}
        onOpenRow={open}
      />
      <AuditEntryDialog entry={entry} onClose={() => setEntry(null)} />
    </>
  );
}
