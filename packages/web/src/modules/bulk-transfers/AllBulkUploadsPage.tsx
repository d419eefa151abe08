import { listBulkTransfers, uploadBulkTransfers } from '@traction/core';
import { Link, useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { CellRendererContext } from '../list/CellRendererContext';
import { ListPage } from '../list/ListPage';
import { buttonLinkClass } from '../ui/buttonLinkClass';
import { ShortcutKey } from '../ui/ShortcutKey';
import { UPLOAD_PORTAL_PATH } from './bulkPaths';
import { renderBatchCell } from './renderBatchCell';

/** All Bulk Uploads: every upload with its source, file, total, status and progress; a row opens its status page; `n` uploads another. */
export default function AllBulkUploadsPage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const mayUpload = allowed(uploadBulkTransfers);
  useShortcut('n', 'New bulk upload (Upload Portal)', () => navigate(UPLOAD_PORTAL_PATH), { enabled: mayUpload });
  return (
    <CellRendererContext.Provider value={renderBatchCell}>
      <ListPage
        command={listBulkTransfers}
        title="All Bulk Uploads"
        description="Every bulk transfer file uploaded, newest first: who pays, the total, whether it waits for approval, runs or is done, and what it has paid. Enter opens an upload's rows and progress."
        rowNoun={{ one: 'upload', other: 'uploads' }}
        selectable={false}
        actions={
          mayUpload ? (
            <Link to={UPLOAD_PORTAL_PATH} className={buttonLinkClass} aria-keyshortcuts="n" data-action="new-upload">
              New upload
              <ShortcutKey>n</ShortcutKey>
            </Link>
          ) : null
        }
      />
    </CellRendererContext.Provider>
  );
}
