import { csvFileName, lagosDate, type AnyCommand } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { client } from '../../app/client';
import { csvRowCounter } from './csvRowCounter';

export type CsvDownloadState =
  | { phase: 'idle' }
  | { phase: 'running'; rows: number; bytes: number }
  | { phase: 'done'; rows: number; bytes: number; fileName: string }
  | { phase: 'failed'; message: string };

/** `attachment; filename="admins-2026-11-21.csv"` → `admins-2026-11-21.csv`. */
function fileNameFrom(disposition: string | null): string | undefined {
  return disposition?.match(/filename="?([^";]+)"?/)?.[1];
}

function fallbackFileName(command: AnyCommand): string {
  return csvFileName(command.id, lagosDate());
}

function save(chunks: BlobPart[], fileName: string): void {
  const url = URL.createObjectURL(new Blob(chunks, { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click only queues the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Streams a list's whole filtered result as CSV from the server, counting rows as they arrive,
 * then saves it. The client passes our signal, so ofetch sets no timeout: a long export is not
 * cut off after two minutes, and Cancel aborts the body mid-stream.
 */
export function useCsvDownload(command: AnyCommand) {
  const [state, setState] = useState<CsvDownloadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (filters: Record<string, unknown>) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ phase: 'running', rows: 0, bytes: 0 });
      try {
        const response = await client.download(command, filters, { signal: abort.signal });
        const body = response.body;
        if (!body) throw new Error('The server sent no CSV.');
        const reader = body.getReader();
        const decoder = new TextDecoder();
        const counter = csvRowCounter();
        const chunks: BlobPart[] = [];
        let bytes = 0;
        let lastReport = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          bytes += value.byteLength;
          counter.push(decoder.decode(value, { stream: true }));
          // Re-render at most every 100 ms: chunks can arrive far faster than anyone reads.
          const now = performance.now();
          if (now - lastReport > 100) {
            lastReport = now;
            setState({ phase: 'running', rows: counter.rows, bytes });
          }
        }
        counter.push(decoder.decode());
        const fileName = fileNameFrom(response.headers.get('content-disposition')) ?? fallbackFileName(command);
        save(chunks, fileName);
        setState({ phase: 'done', rows: counter.rows, bytes, fileName });
      } catch (error) {
        if (abort.signal.aborted) {
          setState({ phase: 'idle' });
          return;
        }
        const message = error instanceof ClientError ? error.userMessage : error instanceof Error ? error.message : String(error);
        setState({ phase: 'failed', message: `The download failed: ${message}` });
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [command],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { state, start, cancel };
}
