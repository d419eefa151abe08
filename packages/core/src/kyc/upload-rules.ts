/**
 * What may be uploaded, checked the same way by the console (before sending) and the server
 * (which decides): JPEG, PNG or PDF, recognised by their first bytes — never by the name or the
 * content type the client claims — and at most 5 MB unless the server is configured otherwise.
 */

/** Largest upload the server accepts by default (TRACTION_UPLOAD_MAX_BYTES changes it). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** How each accepted type is named to people and saved to disk. */
export const UPLOAD_TYPE_INFO: Readonly<Record<UploadContentType, { label: string; extension: string }>> = {
  'image/jpeg': { label: 'JPEG', extension: 'jpg' },
  'image/png': { label: 'PNG', extension: 'png' },
  'application/pdf': { label: 'PDF', extension: 'pdf' },
};

/** For `<input type="file" accept>`: a hint to the picker, not a check. */
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/** How many leading bytes `sniffUploadType` needs. */
export const UPLOAD_SNIFF_BYTES = 8;

const SIGNATURES: readonly { type: UploadContentType; bytes: readonly number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // "%PDF-"
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** The accepted type a file's first bytes declare, or null (HTML, SVG, executables, anything else). */
export function sniffUploadType(head: Uint8Array): UploadContentType | null {
  for (const signature of SIGNATURES) {
    if (signature.bytes.every((byte, index) => head[index] === byte)) return signature.type;
  }
  return null;
}

/** `5242880` → `5 MB`. */
export function formatByteSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Why a file may not be uploaded, or null; `head` is its first UPLOAD_SNIFF_BYTES bytes. */
export function uploadProblem(file: { size: number }, head: Uint8Array, maxBytes = UPLOAD_MAX_BYTES): string | null {
  if (file.size === 0) return 'The file is empty';
  if (file.size > maxBytes) return `The file is ${formatByteSize(file.size)}; the limit is ${formatByteSize(maxBytes)}`;
  if (!sniffUploadType(head)) return 'Only JPEG, PNG and PDF files are accepted (checked by their content, not their name)';
  return null;
}
