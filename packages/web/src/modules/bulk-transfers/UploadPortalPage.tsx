import {
  BULK_TRANSFER_COLUMNS,
  type COMPANY_TRANSFER_SOURCES,
  bulkTransferTemplate,
  formatByteSize,
  MAX_BULK_TRANSFER_FILE_BYTES,
  MAX_BULK_TRANSFER_ROWS,
} from '@traction/core';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { fieldSentence } from '../forms/fieldErrors';
import { saveFileAnswer } from '../forms/saveFileAnswer';
import { useShortcut } from '../keyboard/useShortcut';
import { Button } from '../ui/Button';
import { FileDropZone, type FileDropZoneHandle } from '../ui/FileDropZone';
import { actionLinkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { Section } from '../ui/Section';
import { ShortcutKey } from '../ui/ShortcutKey';
import { ALL_BULK_UPLOADS_PATH } from './bulkPaths';
import { BulkValidationView } from './BulkValidationView';
import { useBulkFileUpload, type UploadSource } from './useBulkFileUpload';
import { UploadSourceFields, type UploadSourceValue } from './UploadSourceFields';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Why a chosen file cannot be a bulk file, said before anything is sent; null when it may be. */
function fileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return `${file.name} is not a CSV or XLSX file: save the spreadsheet as one of those (the template is a CSV).`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_BULK_TRANSFER_FILE_BYTES)
    return `${file.name} is ${formatByteSize(file.size)}; a bulk file may be at most ${formatByteSize(MAX_BULK_TRANSFER_FILE_BYTES)}: split it into several uploads.`;
  return null;
}

/**
 * Upload Portal: choose whose money pays (a merchant's wallet or a company account), download the
 * template, drop or choose the CSV or XLSX, and see what the server found in it (rows, the total
 * and fees in Naira, every bad row with its column and sentence) before anything moves; then
 * submit it for a second admin's approval. `o` chooses a file, `t` saves the template, `u` lists
 * every upload, `s` submits once the file is checked.
 */
export default function UploadPortalPage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const [source, setSource] = useState<UploadSourceValue>({ from: 'wallet', business: '', companyAccount: 'fee-income' });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [sourceErrors, setSourceErrors] = useState<Record<string, string>>({});
  const [template, setTemplate] = useState<{ state: 'idle' | 'saving' | 'saved' | 'failed'; text: string }>({ state: 'idle', text: '' });
  const upload = useBulkFileUpload();
  const { state } = upload;
  const drop = useRef<FileDropZoneHandle>(null);
  const result = useRef<HTMLElement>(null);
  const busy = state.phase === 'sending' || state.phase === 'checking';

  // The server's problems with the source show under its field, in a sentence naming it.
  useEffect(() => {
    if (state.phase !== 'failed') return;
    setSourceErrors({
      ...(state.fields.business ? { business: fieldSentence('Business', state.fields.business)! } : {}),
      ...(state.fields.companyAccount ? { companyAccount: fieldSentence('Company account', state.fields.companyAccount)! } : {}),
    });
    if (state.fields.file) setFileError(fieldSentence('File', state.fields.file)!);
  }, [state]);
  // Once checked, what was found is where the keyboard goes next.
  useEffect(() => {
    if (state.phase === 'checked') result.current?.focus();
  }, [state.phase]);

  const choose = (files: readonly File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    const problem = fileProblem(chosen);
    setFileError(files.length > 1 ? 'Choose one file: one upload pays from one file.' : (problem ?? ''));
    setFile(problem || files.length > 1 ? null : chosen);
  };

  const saveTemplate = async () => {
    setTemplate({ state: 'saving', text: 'Saving the template…' });
    try {
      const saved = await saveFileAnswer(bulkTransferTemplate, {}, new AbortController().signal);
      setTemplate({ state: 'saved', text: saved.message });
    } catch (error) {
      setTemplate({ state: 'failed', text: `The template could not be saved: ${(error as Error).message}` });
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const errors: Record<string, string> = {};
    if (source.from === 'wallet' && source.business.trim() === '') errors.business = 'Business is required: the id or email of the business whose wallet pays';
    setSourceErrors(errors);
    if (!file) setFileError((current) => current || 'Choose the CSV or XLSX file to upload.');
    if (!file || Object.keys(errors).length > 0) return;
    const chosen: UploadSource =
      source.from === 'wallet'
        ? { from: 'wallet', business: source.business.trim() }
        : { from: 'company', companyAccount: source.companyAccount as (typeof COMPANY_TRANSFER_SOURCES)[number] };
    void upload.send(file, chosen);
  };
  // Ctrl/⌘+Enter sends from anywhere in the form, as in every console form.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      submit();
    }
  };

  const mayTemplate = allowed(bulkTransferTemplate);
  useShortcut('o', 'Choose the file to upload', () => drop.current?.choose(), { enabled: !busy });
  useShortcut('t', 'Save the bulk transfer template (CSV)', () => void saveTemplate(), { enabled: mayTemplate && template.state !== 'saving' });
  useShortcut('u', 'All bulk uploads', () => navigate(ALL_BULK_UPLOADS_PATH));

  return (
    <div data-page="upload-portal" className="max-w-5xl space-y-4">
      <PageHeader
        title="Upload Portal"
        description="Pay many accounts from one wallet or company account with a CSV or XLSX file. Each row is checked with its bank first; nothing moves until a second admin approves."
        actions={
          <>
            {mayTemplate ? (
              <Button onClick={() => void saveTemplate()} disabled={template.state === 'saving'} aria-keyshortcuts="t" data-action="template">
                Download template
                <ShortcutKey>t</ShortcutKey>
              </Button>
            ) : null}
            <Link to={ALL_BULK_UPLOADS_PATH} className={actionLinkClass} aria-keyshortcuts="u">
              All uploads
            </Link>
          </>
        }
      />
      {template.state !== 'idle' ? (
        <p
          role="status"
          data-testid="template-state"
          className={template.state === 'failed' ? 'text-red-600 dark:text-red-400' : 'text-zinc-600 dark:text-zinc-300'}
        >
          {template.text}
        </p>
      ) : null}

      <Section name="upload" title="Source and file">
        <form noValidate onSubmit={submit} onKeyDown={onKeyDown} className="space-y-4 p-3" data-testid="upload-form" aria-busy={busy || undefined}>
          <UploadSourceFields value={source} onChange={setSource} errors={sourceErrors} />
          <div className="space-y-2">
            <FileDropZone
              ref={drop}
              label="Bulk transfer file: drop a CSV or XLSX here, or press Enter to choose it"
              accept={ACCEPT}
              disabled={busy}
              onFiles={choose}
            >
              <span className="font-medium">{file ? file.name : 'Drop the CSV or XLSX here, or press Enter (or o) to choose it'}</span>
              <span className="text-xs text-zinc-500 dark:text-zinc-400">
                {file
                  ? `${formatByteSize(file.size)} · press Enter to choose another`
                  : `At most ${MAX_BULK_TRANSFER_ROWS.toLocaleString('en-NG')} rows and ${formatByteSize(MAX_BULK_TRANSFER_FILE_BYTES)}; the first sheet of a workbook`}
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
                {BULK_TRANSFER_COLUMNS.map((column) => (
                  <li key={column.key}>
                    <code className="font-mono text-xs">{column.key}</code>: {column.about}
                  </li>
                ))}
              </ul>
            </details>
          </div>

          {state.phase === 'sending' || state.phase === 'checking' ? (
            <div role="status" aria-live="polite" data-testid="upload-progress" data-phase={state.phase} className="space-y-1">
              <progress
                className="h-1.5 w-full accent-accent-600"
                max={1}
                {...(state.phase === 'sending' ? { value: state.fraction } : {})}
                aria-label={`Uploading ${state.fileName}`}
              />
              <p className="text-zinc-600 dark:text-zinc-300">
                {state.phase === 'sending'
                  ? `Uploading ${state.fileName}: ${Math.floor(state.fraction * 100)}%`
                  : `Uploaded. Checking every row of ${state.fileName} with its bank (account numbers, names, duplicates); a large file takes a minute.`}
              </p>
            </div>
          ) : null}
          {state.phase === 'failed' ? (
            <p role="alert" data-form-error className="rounded-md bg-red-50 p-2.5 text-red-700 dark:bg-red-950/40 dark:text-red-300">
              {state.message}
            </p>
          ) : null}

          <div className="flex justify-end gap-2">
            {busy ? <Button onClick={upload.cancel}>Cancel upload</Button> : null}
            <Button type="submit" variant="primary" disabled={busy} data-action="upload">
              {busy ? 'Checking…' : 'Upload and check'}
            </Button>
          </div>
        </form>
      </Section>

      {state.phase === 'checked' ? (
        <section ref={result} tabIndex={-1} className="outline-none" aria-label="What the file holds">
          <BulkValidationView validation={state.validation} />
        </section>
      ) : null}
    </div>
  );
}
