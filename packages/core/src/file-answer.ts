import { z } from 'zod';

/**
 * What a command that answers a file (`answers: 'file'`) returns to the server framework, which
 * sends the bytes with the content type given here and headers that stop a browser from ever
 * running them. Clients receive the bytes, not this object: `client.download(command, input)`.
 */
export const fileAnswer = z.object({
  /** Offered to the browser as the download's name. */
  fileName: z.string(),
  /** The verified content type the bytes are sent with. */
  contentType: z.string(),
  /** Length of the body in bytes. */
  sizeBytes: z.number().int().nonnegative(),
  /** `inline` lets a browser show an image or PDF; `attachment` always saves it. */
  disposition: z.enum(['inline', 'attachment']),
  /** The bytes, or for a large file its parts in order (sent as they are read, never held whole). */
  body: z.custom<Uint8Array | AsyncIterable<Uint8Array>>(
    (value) => value instanceof Uint8Array || (typeof value === 'object' && value !== null && Symbol.asyncIterator in value),
    { message: 'must be the file bytes' },
  ),
});
export type FileAnswer = z.infer<typeof fileAnswer>;
