import { listTerminalUploads, TERMINAL_UPLOAD_KIND_WORDS, TERMINAL_UPLOAD_KINDS, uploadTerminalStock } from '@traction/core';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { ShortcutKey } from '../ui/ShortcutKey';

const OPTIONS = { kind: TERMINAL_UPLOAD_KINDS.map((kind) => ({ value: kind, label: TERMINAL_UPLOAD_KIND_WORDS[kind] })) };
export const NEW_TERMINAL_UPLOAD_PATH = '/terminal-upload/new';

/**
 * Terminal Uploads: every saved spreadsheet of new stock or terminal IDs, with how many rows it
 * saved and skipped; a row opens the upload and the rows it skipped. New upload (n).
 */
export default function TerminalUploadsPage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const mayUpload = allowed(uploadTerminalStock);
  const create = () => navigate(NEW_TERMINAL_UPLOAD_PATH);
  useShortcut('n', 'New terminal upload', create, { enabled: mayUpload });
  return (
    <ListPage
      command={listTerminalUploads}
      title="Terminal Uploads"
      description="Spreadsheets of new terminals and new terminal IDs, newest first: how many rows each had, saved and skipped, who uploaded it and when."
      rowNoun={{ one: 'upload', other: 'uploads' }}
      filterOptions={OPTIONS}
      selectable={false}
      actions={
        mayUpload ? (
          <Button variant="primary" onClick={create}>
            New upload <ShortcutKey>n</ShortcutKey>
          </Button>
        ) : null
      }
    />
  );
}
