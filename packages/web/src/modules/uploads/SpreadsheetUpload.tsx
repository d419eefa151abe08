import { type AnyCommand, type CommandOutput, formatByteSize } from '@traction/core';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { saveFileAnswer } from '../forms/saveFileAnswer';
import { useShortcut } from '../keyboard/useShortcut';
import { BadRowsTable, type RowProblem } from '../ui/BadRowsTable';
import { Button } from '../ui/Button';
import { FileDropZone, type FileDropZoneHandle } from '../ui/FileDropZone';
import { actionLinkClass, linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { Section } from '../ui/Section';
import { ShortcutKey } from '../ui/ShortcutKey';
import { SPREADSHEET_ACCEPT, spreadsheetFileProblem } from './spreadsheetFileProblem';
import { useSpreadsheetUpload } from './useSpreadsheetUpload';

const rows = (count: number, noun: string) => `${count.toLocaleString('en-NG')} ${noun}${count === 1 ? '' : 's'}`;

/** What a check or a save answered, in the words the page shows. */
export interface UploadOutcome {
  /** Only checked: nothing is saved yet. */
  checked: boolean;
  /** Rows good to save (checked) or saved. */
  good: number;
  message: string;
  problems: readonly RowProblem[];
  /** Where what was saved can be seen ("Open upload #12"). */
  link?: { to: string; label: string } | undefined;
}

/** One way of sending the file: the command and the rest of its input. */
export interface UploadSend<C extends AnyCommand> {
  command: C;
  input: Readonly<Record<string, unknown>>;
}

export interface SpreadsheetUploadProps<C extends AnyCommand> {
  /** The page's `data-page`. */
  page: string;
  title: string;
  /** The limits, said under the title. */
  description: string;
  /** What the file is, for the drop zone's label: "Terminal file". */
  fileLabel: string;
  /** The file's columns, listed under the drop zone. */
  columns: readonly { key: string; about: string }[];
  /** Files larger than this are refused before they are sent (the server refuses them anyway). */
  maxBytes?: number | undefined;
  /** The template `t` saves. */
  template: { command: AnyCommand; input?: Readonly<Record<string, unknown>> };
  /** Where saved files are seen (`u`, and the link beside the template). */
  back: { path: string; label: string; shortcut: string };
  /** Checks every row and saves nothing. */
  check: UploadSend<C>;
  /** Saves the file; `skipBadRows` once the check found bad rows beside good ones. */
  save: (skipBadRows: boolean) => UploadSend<C>;
  /** Reads a check's or save's answer. */
  outcome: (answer: CommandOutput<C>) => UploadOutcome;
  /** Lists a save changes, refreshed after it. */
  refresh: readonly AnyCommand[];
  /** What the admin needs the permission for, when they lack it: "to upload terminals". */
  purpose: string;
  /** The last check or save stops applying when this changes (the page's choice of what the file holds). */
  resetKey?: string;
  /** The form's `data-testid`. */
  formTestId?: string;
  /** The input field the file travels in (default `file`). */
  fileField?: string;
  /** Fields before the file (what the file holds). */
  children?: ReactNode;
}

/**
 * A spreadsheet upload page (terminal stock and IDs, deduction files): drop or choose the file and
 * check it — every bad row is listed with its column and what is wrong before anything is saved —
 * then save it, all rows or the good ones with the bad skipped. `o` chooses a file, `t` saves the
 * template, Ctrl+Enter checks, `s` saves once checked, `u` goes to where saved files are seen.
 */
export function SpreadsheetUpload<C extends AnyCommand>(props: SpreadsheetUploadProps<C>) {
  const { page, title, description, fileLabel, columns, maxBytes, template, back, check, save, outcome, refresh, purpose, resetKey, formTestId, children } =
    props;
  const fileField = props.fileField ?? 'file';
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [templateNote, setTemplateNote] = useState('');
  const upload = useSpreadsheetUpload<C>(refresh);
  const { state, reset } = upload;
  const drop = useRef<FileDropZoneHandle>(null);
  const result = useRef<HTMLDivElement>(null);
  const checkButton = useRef<HTMLButtonElement>(null);
  const busy = state.phase === 'sending' || state.phase === 'working';
  const answered = state.phase === 'done' ? outcome(state.answer) : null;
  const checked = answered?.checked ? answered : null;
  const bad = checked ? new Set(checked.problems.map((problem) => problem.row)).size : 0;
  const saveSend = save(bad > 0);
  const mayUpload = allowed(check.command) && allowed(saveSend.command);
  const maySave = !busy && file !== null && checked !== null && checked.good > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new choice of what the file holds makes the last answer stale.
  useEffect(() => reset(), [resetKey, reset]);
  useEffect(() => {
    if (state.phase === 'done' || state.phase === 'failed') result.current?.focus();
    if (state.phase === 'failed' && state.fileError) setFileError(state.fileError);
  }, [state]);

  const choose = (files: readonly File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    const problem = files.length > 1 ? 'Choose one file.' : spreadsheetFileProblem(chosen, maxBytes);
    setFileError(problem ?? '');
    setFile(problem ? null : chosen);
    reset();
    // Chosen with o from anywhere: Enter (or Ctrl+Enter) checks it next.
    if (!problem) requestAnimationFrame(() => checkButton.current?.focus());
  };
  const runCheck = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (!file) {
      setFileError((current) => current || 'Choose the spreadsheet to upload.');
      return;
    }
    void upload.send(check.command, file, check.input, false, fileField);
  };
  const runSave = () => {
    if (maySave && file) void upload.send(saveSend.command, file, saveSend.input, true, fileField);
  };
  const saveTemplate = async () => {
    setTemplateNote('Saving the template…');
    try {
      setTemplateNote((await saveFileAnswer(template.command, { ...template.input }, new AbortController().signal)).message);
    } catch (error) {
      setTemplateNote(`The template could not be saved: ${(error as Error).message}`);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      runCheck();
    }
  };

  useShortcut('o', 'Choose the file to upload', () => drop.current?.choose(), { enabled: !busy && mayUpload });
  useShortcut('t', 'Save the upload template (CSV)', () => void saveTemplate(), { enabled: allowed(template.command) });
  useShortcut('s', 'Save the checked file', runSave, { enabled: maySave });
  useShortcut('u', back.shortcut, () => navigate(back.path));

  return (
    <div data-page={page} className="max-w-5xl space-y-4">
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            <Button onClick={() => void saveTemplate()} aria-keyshortcuts="t" data-action="template" disabled={!allowed(template.command)}>
              Download template <ShortcutKey>t</ShortcutKey>
            </Button>
            <Link to={back.path} className={actionLinkClass} aria-keyshortcuts="u">
              {back.label} <ShortcutKey>u</ShortcutKey>
            </Link>
          </>
        }
      />
      {templateNote ? (
        <p role="status" className="text-zinc-600 dark:text-zinc-300">
          {templateNote}
        </p>
      ) : null}
      {!mayUpload ? (
        <p className="text-zinc-500">
          You need the {check.command.permission} permission {purpose}.
        </p>
      ) : null}
      <Section name="upload" title={children ? 'What the file holds, and the file' : 'The file'}>
        <form noValidate onSubmit={runCheck} onKeyDown={onKeyDown} className="space-y-4 p-3" aria-busy={busy || undefined} data-testid={formTestId}>
          {children}
          <div className="space-y-2">
            <FileDropZone
              ref={drop}
              label={`${fileLabel}: drop a CSV, XLSX or XLS here, or press Enter to choose it`}
              accept={SPREADSHEET_ACCEPT}
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
                {columns.map((column) => (
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
        {answered ? (
          <Section name="result" title={answered.checked ? 'What the check found' : 'Saved'}>
            <div className="space-y-3 p-3">
              <p role="status" data-testid="upload-message" className={bad > 0 ? 'text-amber-700 dark:text-amber-300' : ''}>
                {answered.message}
              </p>
              {answered.problems.length > 0 ? <BadRowsTable problems={answered.problems} /> : null}
              {checked && checked.good > 0 ? (
                <Button variant="primary" onClick={runSave} disabled={!maySave} aria-keyshortcuts="s" data-action="save">
                  {bad > 0 ? `Save ${rows(checked.good, 'good row')}, skip ${bad.toLocaleString('en-NG')} bad` : `Save ${rows(checked.good, 'row')}`}
                  <ShortcutKey>s</ShortcutKey>
                </Button>
              ) : null}
              {answered.link ? (
                <Link to={answered.link.to} className={linkClass}>
                  {answered.link.label}
                </Link>
              ) : null}
            </div>
          </Section>
        ) : null}
      </div>
    </div>
  );
}
