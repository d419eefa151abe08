import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { commandsById, type AuditEntry } from '@traction/core';
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { humanize } from '../ui/humanize';
import { AuditInputFields } from './AuditInputFields';
import { AuditSubjectLink } from './AuditSubjectLink';

/** `ok` reads as Succeeded; an error code (`409`, `forbidden`) as Refused with the code. */
const outcomeText = (outcome: string) => (outcome === 'ok' ? 'Succeeded' : `Refused (${humanize(outcome)})`);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 wrap-anywhere">{children || '—'}</dd>
    </div>
  );
}

function who(entry: AuditEntry): string {
  if (entry.adminName && entry.adminEmail) return `${entry.adminName} (${entry.adminEmail})`;
  return entry.adminName ?? entry.adminEmail ?? (entry.adminId !== null ? `Admin #${entry.adminId}` : 'Nobody signed in');
}

/**
 * One audit entry: what happened as a sentence, its subject linked to its page, who, when, how it
 * ended, and what was sent as the command's form labels it. Esc or Close shuts it.
 */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const command = entry ? commandsById.get(entry.commandId) : undefined;
  return (
    <Dialog open={entry !== null} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[8vh]">
        <DialogPanel data-testid="audit-entry" data-entry-id={entry?.id} className="w-full max-w-xl rounded-xl bg-white p-5 shadow-xl dark:bg-zinc-900">
          {entry ? (
            <>
              <DialogTitle className="font-semibold">{entry.summary}</DialogTitle>
              <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                {command?.title ?? 'A command no longer offered'} · <span className="font-mono">{entry.commandId}</span>
              </p>
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
                <Row label="Subject">
                  <AuditSubjectLink entry={entry} />
                </Row>
                <Row label="Who">{who(entry)}</Row>
                <Row label="When">{dateTimeFormat.format(new Date(entry.at))}</Row>
                <Row label="Outcome">
                  <span
                    data-outcome={entry.outcome}
                    className={entry.outcome === 'ok' ? 'text-accent-700 dark:text-accent-400' : 'text-red-700 dark:text-red-400'}
                  >
                    {outcomeText(entry.outcome)}
                  </span>
                </Row>
                {entry.message ? <Row label="Message">{entry.message}</Row> : null}
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
              <h3 className="mt-4 text-xs font-semibold text-zinc-500 dark:text-zinc-400">What was sent (secrets hidden)</h3>
              <AuditInputFields command={command} input={entry.input} />
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
