import { formatByteSize, UPLOAD_TYPE_INFO, type UploadContentType, type UploadInfo } from '@traction/core';
import { useUploadFile } from './useUploadFile';

type Document = UploadInfo & { label: string };

const actionClass =
  'inline-flex h-7 items-center rounded-md border border-zinc-300 bg-white px-2 text-xs font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800';

function DocumentCard({ document }: { document: Document }) {
  const file = useUploadFile(document.id);
  const isImage = document.contentType.startsWith('image/');
  const info = UPLOAD_TYPE_INFO[document.contentType as UploadContentType];
  const fileName = document.originalName;
  return (
    <li
      data-document={document.id}
      data-content-type={document.contentType}
      className="flex flex-col overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800"
    >
      <div className="flex h-48 items-center justify-center bg-zinc-50 dark:bg-zinc-950">
        {file.isPending ? (
          <span role="status" className="text-xs text-zinc-500">
            Loading…
          </span>
        ) : file.isError ? (
          <span role="alert" className="px-2 text-center text-xs text-red-600 dark:text-red-400">
            Could not load this document.
          </span>
        ) : isImage ? (
          <img src={file.data.url} alt={document.label} className="max-h-48 max-w-full object-contain" />
        ) : (
          <span aria-hidden="true" className="rounded border border-zinc-300 px-3 py-4 font-mono text-sm text-zinc-500 dark:border-zinc-700">
            {info?.label ?? 'FILE'}
          </span>
        )}
      </div>
      <div className="space-y-1 border-t border-zinc-200 p-2 dark:border-zinc-800">
        <p className="truncate text-sm font-medium" title={document.label}>
          {document.label}
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {info?.label ?? document.contentType} · {formatByteSize(document.sizeBytes)}
          {document.uploadedBy ? ` · by ${document.uploadedBy.name || document.uploadedBy.email}` : ''}
        </p>
        {file.data ? (
          <div className="flex gap-1.5 pt-1">
            {/* A new tab shows it with the browser's own viewer; the bytes come from memory, never run. */}
            <a className={actionClass} href={file.data.url} target="_blank" rel="noopener noreferrer">
              Open
            </a>
            <a className={actionClass} href={file.data.url} download={fileName}>
              Download
            </a>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** A record's documents: images shown, PDFs opened or saved; all fetched with the session. */
export function KycDocuments({ documents }: { documents: readonly Document[] }) {
  if (documents.length === 0) return <p className="px-3 py-4 text-zinc-500 dark:text-zinc-400">No documents were uploaded with this record.</p>;
  return (
    <ul data-testid="kyc-documents" className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-2 lg:grid-cols-3">
      {documents.map((document) => (
        <DocumentCard key={document.id} document={document} />
      ))}
    </ul>
  );
}
