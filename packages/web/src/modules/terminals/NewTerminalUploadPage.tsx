import {
  listTerminals,
  listTerminalUploads,
  MAX_TERMINAL_UPLOAD_BYTES,
  MAX_TERMINAL_UPLOAD_ROWS,
  TERMINAL_STOCK_COLUMNS,
  TERMINAL_TID_COLUMNS,
  TERMINAL_UPLOAD_KIND_WORDS,
  TERMINAL_UPLOAD_KINDS,
  type TerminalUploadKind,
  terminalUploadTemplate,
  uploadTerminalIds,
  uploadTerminalStock,
} from '@traction/core';
import { useSearchParams } from 'react-router';
import { SpreadsheetUpload, type UploadOutcome } from '../uploads/SpreadsheetUpload';

const UPLOAD_COMMANDS = { STOCK: uploadTerminalStock, TIDS: uploadTerminalIds } as const;
type UploadCommand = (typeof UPLOAD_COMMANDS)[TerminalUploadKind];
const COLUMNS = { STOCK: TERMINAL_STOCK_COLUMNS, TIDS: TERMINAL_TID_COLUMNS } as const;
const ABOUT: Record<TerminalUploadKind, string> = {
  STOCK: 'New terminals into stock, from a maker’s delivery note.',
  TIDS: 'New terminal IDs for terminals already stored, found by serial number.',
};
const UPLOADS_PATH = '/terminal-uploads';
const REFRESH = [listTerminalUploads, listTerminals];

const outcome = (answer: {
  checked: boolean;
  good: number;
  message: string;
  problems: UploadOutcome['problems'];
  upload: { id: number } | null;
}): UploadOutcome => ({
  checked: answer.checked,
  good: answer.good,
  message: answer.message,
  problems: answer.problems,
  link: answer.upload ? { to: `${UPLOADS_PATH}/${answer.upload.id}`, label: `Open upload #${answer.upload.id}` } : undefined,
});

/**
 * New terminal upload: choose what the file holds (new stock or terminal IDs), then the shared
 * spreadsheet upload: check every row, then save all or the good ones.
 */
export default function NewTerminalUploadPage() {
  const [params, setParams] = useSearchParams();
  const kind: TerminalUploadKind = params.get('kind') === 'TIDS' ? 'TIDS' : 'STOCK';
  const command = UPLOAD_COMMANDS[kind];
  return (
    <SpreadsheetUpload<UploadCommand>
      page="new-terminal-upload"
      title="New Terminal Upload"
      description={`A CSV, XLSX or XLS of at most ${MAX_TERMINAL_UPLOAD_ROWS.toLocaleString('en-NG')} rows. Every row is checked first; nothing is saved until you save it.`}
      fileLabel="Terminal file"
      columns={COLUMNS[kind]}
      maxBytes={MAX_TERMINAL_UPLOAD_BYTES}
      template={{ command: terminalUploadTemplate, input: { kind } }}
      back={{ path: UPLOADS_PATH, label: 'All uploads', shortcut: 'All terminal uploads' }}
      check={{ command, input: { check: true, skipBadRows: false } }}
      save={(skipBadRows) => ({ command, input: { check: false, skipBadRows } })}
      outcome={outcome}
      refresh={REFRESH}
      purpose="to upload terminals"
      resetKey={kind}
      formTestId="terminal-upload-form"
    >
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium">The file holds</legend>
        {TERMINAL_UPLOAD_KINDS.map((option) => (
          <label key={option} className="flex items-start gap-2">
            <input
              type="radio"
              name="kind"
              value={option}
              checked={kind === option}
              onChange={() => setParams({ kind: option }, { replace: true })}
              className="mt-1"
            />
            <span>
              <span className="font-medium">{TERMINAL_UPLOAD_KIND_WORDS[option]}</span>
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">{ABOUT[option]}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </SpreadsheetUpload>
  );
}
