import {
  type CommandOutput,
  listSheetRows,
  listSheetVersions,
  MAX_SHEET_BYTES,
  MAX_SHEET_ROWS,
  SHEET_COLUMNS,
  type SheetSource,
  sheetTemplate,
  uploadSheet,
} from '@traction/core';
import { useState } from 'react';
import { useCommandQuery } from '../list/useCommandQuery';
import { SpreadsheetUpload, type UploadOutcome } from '../uploads/SpreadsheetUpload';

const REFRESH = [listSheetVersions, listSheetRows];
const inputClass = 'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900';

/**
 * A new version of a sheet: its tag and the version it is expected to become, then the shared
 * spreadsheet upload — check every row first, then save. A file with bad rows is never kept (the
 * check names every one), so it offers no save; rows that contradict the system are kept, flagged.
 */
export function SheetUploadView({ source, title, path }: { source: SheetSource; title: string; path: string }) {
  const latest = useCommandQuery(listSheetVersions, { source, limit: 1 });
  const next = (latest.data?.items[0]?.version ?? 0) + 1;
  const [tag, setTag] = useState('');
  const [asked, setAsked] = useState('');
  const version = asked === '' ? next : Number(asked);
  const input = { source, tag, ...(Number.isSafeInteger(version) && version > 0 ? { version } : {}) };
  const outcome = (answer: CommandOutput<typeof uploadSheet>): UploadOutcome => ({
    checked: answer.checked,
    // A sheet is kept whole or not at all: with a bad row there is nothing to save.
    good: answer.problems.length > 0 ? 0 : answer.good,
    message: answer.message,
    problems: answer.problems,
    link: answer.version ? { to: `${path}?version=${answer.version.version}`, label: `Open version ${answer.version.version}` } : undefined,
  });
  return (
    <SpreadsheetUpload<typeof uploadSheet>
      page="sheet-upload"
      title={`${title}: new version`}
      description={`A CSV or XLSX of at most ${MAX_SHEET_ROWS.toLocaleString('en-NG')} rows. Every row is checked first; a file with a bad row is not kept at all. Rows that contradict the system are kept and flagged.`}
      fileLabel="Sheet"
      columns={SHEET_COLUMNS[source].map((column) => ({ key: column.label, about: `${column.required ? '' : 'optional: '}${column.about}` }))}
      maxBytes={MAX_SHEET_BYTES}
      template={{ command: sheetTemplate, input: { source } }}
      back={{ path: `${path}?view=versions`, label: 'All versions', shortcut: 'All versions of the sheet' }}
      check={{ command: uploadSheet, input: { ...input, check: true } }}
      save={() => ({ command: uploadSheet, input: { ...input, check: false } })}
      outcome={outcome}
      refresh={REFRESH}
      purpose="to upload sheets"
      resetKey={source}
      formTestId="sheet-upload-form"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="space-y-1">
          <span className="text-sm font-medium">Tag</span>
          <input
            value={tag}
            onChange={(event) => setTag(event.target.value)}
            maxLength={80}
            placeholder="November field audit"
            className={inputClass}
            data-testid="sheet-tag"
          />
        </label>
        <label className="space-y-1">
          <span className="text-sm font-medium">Version</span>
          <input
            value={asked === '' ? String(next) : asked}
            onChange={(event) => setAsked(event.target.value.replace(/\D/g, ''))}
            inputMode="numeric"
            className={inputClass}
            data-testid="sheet-version-input"
            aria-describedby="sheet-version-about"
          />
          <span id="sheet-version-about" className="block text-xs text-zinc-500 dark:text-zinc-400">
            The next is {next}; if someone uploads it first, yours is refused rather than silently becoming {next + 1}.
          </span>
        </label>
      </div>
    </SpreadsheetUpload>
  );
}
