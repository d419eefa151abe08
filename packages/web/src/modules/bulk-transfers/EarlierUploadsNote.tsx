import { formatNaira, listBulkTransfers } from '@traction/core';
import { Link } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useCommandQuery } from '../list/useCommandQuery';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { BatchStatusBadge } from './BatchStatusBadge';
import { bulkStatusPath } from './bulkPaths';

/**
 * Other uploads of exactly this file (same SHA-256), so a payroll is not paid twice by uploading
 * it again: each with its status, when and by whom, and what it moved.
 */
export function EarlierUploadsNote({ uploadId, sha256 }: { uploadId: number; sha256: string }) {
  const { allowed } = useOpenCommand();
  const earlier = useCommandQuery(listBulkTransfers, { sha256 }, { enabled: allowed(listBulkTransfers) });
  const others = (earlier.data?.items ?? []).filter((row) => row.id !== uploadId);
  if (others.length === 0) return null;
  return (
    <div
      role="note"
      data-testid="earlier-uploads"
      className="rounded-md border border-amber-300 bg-amber-50 p-2.5 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="font-medium">This same file was uploaded before. Make sure it is not being paid twice:</p>
      <ul className="mt-1 space-y-1">
        {others.map((row) => (
          <li key={row.id} data-earlier-upload={row.id} className="flex flex-wrap items-center gap-2">
            <Link to={bulkStatusPath(row.id)} className={linkClass}>
              Upload #{row.id}
            </Link>
            <BatchStatusBadge status={row.status} />
            <span>
              {formatDateTime(row.createdAt)} by {row.createdByName} · {formatNaira(row.total)} from {row.source}
              {row.succeeded > 0 ? ` · ${row.succeeded.toLocaleString('en-NG')} paid (${formatNaira(row.amountMoved)})` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
