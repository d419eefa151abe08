import { formatNaira, submitBulkTransfers, type BulkUpload, type CommandOutput } from '@traction/core';
import { useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { useShortcut } from '../keyboard/useShortcut';
import { Button } from '../ui/Button';
import { ShortcutKey } from '../ui/ShortcutKey';
import type { BulkPageState } from './BulkPageState';
import { bulkStatusPath } from './bulkPaths';

const count = (n: number, one: string, other = `${one}s`) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : other}`;
/** Row numbers named in the exclusion sentence before "and N more". */
const NAMED_ROWS = 6;

/** "rows 3, 7 and 12" or "rows 3, 7, 12, 15, 20, 31 and 4 more". */
function rowList(rows: readonly number[]): string {
  if (rows.length === 0) return '';
  if (rows.length === 1) return `row ${rows[0]}`;
  if (rows.length <= NAMED_ROWS) return `rows ${rows.slice(0, -1).join(', ')} and ${rows.at(-1)}`;
  return `rows ${rows.slice(0, NAMED_ROWS).join(', ')} and ${rows.length - NAMED_ROWS} more`;
}

export interface SubmitUploadPanelProps {
  upload: BulkUpload;
  /** The bad rows' numbers, when known (the upload's answer lists them): named in what will be left out. */
  badRowNumbers?: readonly number[];
  /** Bind `s` to submitting (the Upload Portal; list pages keep `s` for saving a view). */
  shortcut?: boolean;
}

/**
 * Submitting an upload for a second admin's approval: refused while bad rows remain unless the
 * admin ticks, in so many words, that they are left out (and sees which rows and what is still
 * sent). The form asks the reason the approver reads; once sent, the upload's status page opens
 * and says who must approve.
 */
export function SubmitUploadPanel({ upload, badRowNumbers, shortcut = false }: SubmitUploadPanelProps) {
  const { allowed, open } = useOpenCommand();
  const closeForm = useSetAtom(commandRequestAtom);
  const navigate = useNavigate();
  const [exclude, setExclude] = useState(false);
  const noteId = useId();
  const bad = Math.max(0, upload.badRows - upload.excludedRows);
  const may = allowed(submitBulkTransfers);
  const nothingToSend = upload.validRows === 0;
  const blocked = nothingToSend || (bad > 0 && !exclude);

  const submit = () => {
    if (blocked || !may) return;
    const leftOut = bad > 0 ? `; ${count(bad, 'bad row')} left out` : '';
    open({
      command: submitBulkTransfers,
      fixed: { id: upload.id, excludeBadRows: bad > 0 && exclude },
      action: `Submit bulk upload #${upload.id} for approval`,
      subject: `${count(upload.validRows, 'transfer')} of ${formatNaira(upload.total)} (fees ${formatNaira(upload.fees)}) from ${upload.source}${leftOut}. A second admin must approve before anything moves.`,
      onDone: (output: CommandOutput<typeof submitBulkTransfers>) => {
        closeForm(null);
        const state: BulkPageState = { notice: output.message };
        navigate(bulkStatusPath(upload.id), { state });
      },
    });
  };
  useShortcut('s', 'Submit this upload for approval', submit, { enabled: shortcut && may && !blocked });

  if (!may) {
    return (
      <p data-testid="submit-not-allowed" className="text-zinc-500 dark:text-zinc-400">
        Submitting bulk uploads for approval needs the “Upload bulk transfers and start bulk sweeps” permission: ask an admin who holds it.
      </p>
    );
  }
  const named = badRowNumbers ? rowList([...new Set(badRowNumbers)].sort((a, b) => a - b)) : '';
  return (
    <div data-testid="submit-upload" className="space-y-3">
      {bad > 0 && !nothingToSend ? (
        <label className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-2.5 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          <input type="checkbox" className="mt-1" checked={exclude} onChange={(event) => setExclude(event.target.checked)} data-testid="exclude-bad-rows" />
          <span>
            Exclude the {count(bad, 'bad row')}
            {named ? ` (${named})` : ''}: they will never be sent. Send only the other {count(upload.validRows, 'row')}, {formatNaira(upload.total)} plus{' '}
            {formatNaira(upload.fees)} in fees.
          </span>
        </label>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {blocked ? (
          <p id={noteId} role="note" data-testid="submit-blocked" className="mr-auto text-sm text-zinc-600 dark:text-zinc-300">
            {nothingToSend
              ? 'No row of this file can be sent: fix the file and upload it again.'
              : `Submitting is refused while ${count(bad, 'row')} ${bad === 1 ? 'is' : 'are'} bad: fix the file and upload it again, or tick above to leave ${bad === 1 ? 'it' : 'them'} out.`}
          </p>
        ) : null}
        <Button
          variant="primary"
          data-action="submit"
          disabled={blocked}
          aria-describedby={blocked ? noteId : undefined}
          aria-keyshortcuts={shortcut ? 's' : undefined}
          onClick={submit}
        >
          Submit for approval…
          {shortcut ? <ShortcutKey>s</ShortcutKey> : null}
        </Button>
      </div>
    </div>
  );
}
