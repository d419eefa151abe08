import {
  formatByteSize,
  MAX_TERMINAL_UPLOAD_BYTES,
  MAX_TERMINAL_UPLOAD_ROWS,
  TERMINAL_STOCK_COLUMNS,
  TERMINAL_TID_COLUMNS,
  TERMINAL_UPLOAD_KIND_WORDS,
  TERMINAL_UPLOAD_KINDS,
  type TerminalUploadKind,
  terminalUploadTemplate,
} from '@traction/core';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { saveFileAnswer } from '../forms/saveFileAnswer';
import { useShortcut } from '../keyboard/useShortcut';
import { BadRowsTable } from '../ui/BadRowsTable';
import { Button } from '../ui/Button';
import { FileDropZone, type FileDropZoneHandle } from '../ui/FileDropZone';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { Section } from '../ui/Section';
import { ShortcutKey } from '../ui/ShortcutKey';
import { UPLOAD_COMMANDS, useTerminalUpload } from './useTerminalUpload';

const ACCEPT = '.csv,.xlsx,.xls,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COLUMNS = { STOCK: TERMINAL_STOCK_COLUMNS, TIDS: TERMINAL_TID_COLUMNS } as const;
const ABOUT: Record<TerminalUploadKind, string> = {
  STOCK: 'New terminals into stock, from a maker’s delivery note.',
  TIDS: 'New terminal IDs for terminals already stored, found by serial number.',
};
const UPLOADS_PATH = '/terminal-uploads';

/** Why a chosen file cannot be a terminal upload, said before anything is sent; null when it may be. */
function fileProblem(file: File): string | null {
  if (!/\.(csv|xlsx|xls)$/i.test(file.name)) return `${file.name} is not a CSV, XLSX or XLS file: save the spreadsheet as one of those.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_TERMINAL_UPLOAD_BYTES)
    return `${file.name} is ${formatByteSize(file.size)}; an upload may be at most ${formatByteSize(MAX_TERMINAL_UPLOAD_BYTES)}.`;
  return null;
}

/**
 * New terminal upload: choose what the file holds (new stock or terminal IDs), drop or choose the
 * spreadsheet, and check it: every bad row is listed with its column and what is wrong before
 * anything is saved. Then save it — all rows, or the good ones with the bad skipped. `o` chooses
 * a file, `t` saves the template, Ctrl+Enter checks, `s` saves once checked.
 */
export default function NewTerminalUploadPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const kind: TerminalUploadKind = params.get('kind') === 'TIDS' ? 'TIDS' : 'STOCK';
  const { allowed } = useOpenCommand();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [template, setTemplate] = useState('');
  const upload = useTerminalUpload();
  const { state } = upload;
  const drop = useRef<FileDropZoneHandle>(null);
  const result = useRef<HTMLDivElement>(null);
  const checkButton = useRef<HTMLButtonElement>(null);
  const busy = state.phase === 'sending' || state.phase === 'working';
  const checked = state.phase === 'done' && state.answer.checked ? state.answer : null;
  const bad = checked ? new Set(checked.problems.map((problem) => problem.row)).size : 0;
  const maySave = !busy && file !== null && checked !== null && checked.good > 0;

  useEffect(() => {
    if (state.phase === 'done' || state.phase === 'failed') result.current?.focus();
    if (state.phase === 'failed' && state.fileError) setFileError(state.fileError);
  }, [state]);

  const chooseKind = (next: TerminalUploadKind) => {
    setParams({ kind: next }, { replace: true });
    upload.reset();
  };
  const choose = (files: readonly File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    const problem = files.length > 1 ? 'Choose one file.' : fileProblem(chosen);
    setFileError(problem ?? '');
    setFile(problem ? null : chosen);
    upload.reset();
    // Chosen with o from anywhere: Enter (or Ctrl+Enter) checks it next.
    if (!problem) requestAnimationFrame(() => checkButton.current?.focus());
  };
  const check = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (!file) {
      setFileError((current) => current || 'Choose the spreadsheet to upload.');
      return;
    }
    void upload.send(kind, file, { check: true, skipBadRows: false });
  };
  const save = () => {
    if (maySave && file) void upload.send(kind, file, { check: false, skipBadRows: bad > 0 });
  };
  const saveTemplate = async () => {
    setTemplate('Saving the template…');
    try {
      setTemplate((await saveFileAnswer(terminalUploadTemplate, { kind }, new AbortController().signal)).message);
    } catch (error) {
      setTemplate(`The template could not be saved: ${(error as Error).message}`);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      check();
    }
  };

  const mayUpload = allowed(UPLOAD_COMMANDS[kind]);
  useShortcut('o', 'Choose the file to upload', () => drop.current?.choose(), { enabled: !busy && mayUpload });
  useShortcut('t', 'Save the upload template (CSV)', () => void saveTemplate(), { enabled: allowed(terminalUploadTemplate) });
  useShortcut('s', 'Save the checked file', save, { enabled: maySave });
  useShortcut('u', 'All terminal uploads', () => navigate(UPLOADS_PATH));

  return (
    <div data-page="new-terminal-upload" className="max-w-5xl space-y-4">
      <PageHeader
        title="New Terminal Upload"
        description={`A CSV, XLSX or XLS of at most ${MAX_TERMINAL_UPLOAD_ROWS.toLocaleString('en-NG')} rows. Every row is checked first; nothing is saved until you save it.`}
        actions={
          <>
            <Button onClick={() => void saveTemplate()} aria-keyshortcuts="t" data-action="template">
              Download template <ShortcutKey>t</ShortcutKey>
            </Button>
            <Link to={UPLOADS_PATH} className={`${linkClass} inline-flex h-8 items-center text-sm`} aria-keyshortcuts="u">
              All uploads
            </Link>
          </>
        }
      />
      {template ? (
        <p role="status" className="text-zinc-600 dark:text-zinc-300">
          {template}
        </p>
      ) : null}
      {!mayUpload ? <p className="text-zinc-500">You need the {UPLOAD_COMMANDS[kind].permission} permission to upload terminals.</p> : null}
      <Section name="upload" title="What the file holds, and the file">
        <form noValidate onSubmit={check} onKeyDown={onKeyDown} className="space-y-4 p-3" aria-busy={busy || undefined} data-testid="terminal-upload-form">
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium">The file holds</legend>
            {TERMINAL_UPLOAD_KINDS.map((option) => (
              <label key={option} className="flex items-start gap-2">
                <input type="radio" name="kind" value={option} checked={kind === option} onChange={() => chooseKind(option)} className="mt-1" disabled={busy} />
                <span>
                  <span className="font-medium">{TERMINAL_UPLOAD_KIND_WORDS[option]}</span>
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">{ABOUT[option]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="space-y-2">
            <FileDropZone
              ref={drop}
              label="Terminal file: drop a CSV, XLSX or XLS here, or press Enter to choose it"
              accept={ACCEPT}
              disabled={busy || !mayUpload}
              onFiles={choose}
            >
              <span className="font-medium">{file ? file.name : 'Drop the spreadsheet here, or press Enter (or o) to choose it'}</span>
              <span className="text-xs text-zinc-500 dark:text-zinc-400">
                {file ? `${formatByteSize(file.size)} · press Enter to choose another` : 'The first sheet of a workbook; the first row names the columns'}
              </span>
            </FileDropZone>
            {fileError ? (
              <p role="alert" data-testid="file-error" className="text-xs text-red-600 dark:text-red-400">
                {fileError}
              </p>
            ) : null}
            <details className="text-sm text-zinc-600 dark:text-zinc-300">
              <summary className="cursor-pointer">The file's columns</summary>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {COLUMNS[kind].map((column) => (
                  <li key={column.key}>
                    <code className="font-mono text-xs">{column.key}</code>: {column.about}
                  </li>
                ))}
              </ul>
            </details>
          </div>
          <div className="flex items-center gap-2">
            <Button ref={checkButton} type="submit" variant={checked ? 'secondary' : 'primary'} disabled={busy || !mayUpload} data-action="check">
              Check the file <ShortcutKey>Ctrl Enter</ShortcutKey>
            </Button>
            {busy ? (
              <span role="status" aria-live="polite" data-testid="upload-progress" className="text-zinc-600 dark:text-zinc-300">
                {state.phase === 'sending'
                  ? `Uploading ${state.fileName}: ${Math.floor(state.fraction * 100)}%`
                  : state.saving
                    ? `Saving ${state.fileName}…`
                    : `Checking every row of ${state.fileName}…`}
              </span>
            ) : null}
          </div>
        </form>
      </Section>

      <div ref={result} tabIndex={-1} className="space-y-3 outline-none" data-testid="upload-result">
        {state.phase === 'failed' ? (
          <>
            <p role="alert" data-form-error className="rounded-md bg-red-50 p-2.5 text-red-700 dark:bg-red-950/40 dark:text-red-300">
              {state.message}
            </p>
            {state.problems.length > 0 ? <BadRowsTable problems={state.problems} /> : null}
          </>
        ) : null}
        {state.phase === 'done' ? (
          <Section name="result" title={state.answer.checked ? 'What the check found' : 'Saved'}>
            <div className="space-y-3 p-3">
              <p role="status" data-testid="upload-message" className={bad > 0 ? 'text-amber-700 dark:text-amber-300' : ''}>
                {state.answer.message}
              </p>
              {state.answer.problems.length > 0 ? <BadRowsTable problems={state.answer.problems} /> : null}
              {checked && checked.good > 0 ? (
                <Button variant="primary" onClick={save} disabled={!maySave} aria-keyshortcuts="s" data-action="save">
                  {bad > 0
                    ? `Save ${checked.good.toLocaleString('en-NG')} good rows, skip ${bad.toLocaleString('en-NG')} bad`
                    : `Save ${checked.good.toLocaleString('en-NG')} rows`}
                  <ShortcutKey>s</ShortcutKey>
                </Button>
              ) : null}
              {state.answer.upload ? (
                <Link to={`${UPLOADS_PATH}/${state.answer.upload.id}`} className={linkClass}>
                  Open upload #{state.answer.upload.id}
                </Link>
              ) : null}
            </div>
          </Section>
        ) : null}
      </div>
    </div>
  );
}
