import type { AnyCommand } from '@traction/core';
import { client } from '../../app/client';

/** `attachment; filename="cac.pdf"; filename*=UTF-8''cac.pdf` → `cac.pdf`. */
function fileNameFrom(disposition: string | null): string | undefined {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain name
    }
  }
  return disposition?.match(/filename="?([^";]+)"?/)?.[1];
}

/**
 * Runs a command that answers a file (`answers: 'file'`, e.g. uploads.get from the palette) and
 * saves the file; answers with a message for the form's result, as JSON commands do.
 */
export async function saveFileAnswer(command: AnyCommand, input: Record<string, unknown>, signal: AbortSignal): Promise<{ message: string }> {
  const response = await client.download(command, input, { signal });
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const blob = new Blob([await new Response(response.body).arrayBuffer()], { type });
  const name = fileNameFrom(response.headers.get('content-disposition')) ?? 'download';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click only queues the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return { message: `Saved ${name}` };
}
