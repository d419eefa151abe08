import { listBulkTransfers, uploadBulkTransfers, type BulkValidation, type CommandInput } from '@traction/core';
import { ClientError, randomHex } from '@traction/core/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callWithUploadProgress } from '../commands/callWithUploadProgress';

/** Where the money of an upload comes from, as the form holds it. */
export type UploadSource =
  | { from: 'wallet'; business: string }
  | { from: 'company'; companyAccount: CommandInput<typeof uploadBulkTransfers>['companyAccount'] };

export type BulkFileUploadState =
  | { phase: 'idle' }
  /** The file is going up; `fraction` of it has. */
  | { phase: 'sending'; fileName: string; fraction: number }
  /** All of it is up; the server is checking every row (banks answer name enquiries). */
  | { phase: 'checking'; fileName: string }
  | { phase: 'checked'; validation: BulkValidation }
  /** Refused or failed: the sentence, and the server's problems by field (`business`, `file`). */
  | { phase: 'failed'; message: string; fields: Readonly<Record<string, string>> };

const fingerprintOf = (file: File, source: UploadSource) => JSON.stringify([file.name, file.size, file.lastModified, source]);

/**
 * Uploads a bulk transfer file with its progress, then waits while the server checks it. The
 * Idempotency-Key is kept while the same file and source are sent again after a failure, so a
 * lost answer does not store the upload twice. Leaving the page cancels an upload under way.
 */
export function useBulkFileUpload() {
  const [state, setState] = useState<BulkFileUploadState>({ phase: 'idle' });
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => () => inFlight.current?.abort(), []);

  const send = useCallback(
    async (file: File, source: UploadSource) => {
      const fingerprint = fingerprintOf(file, source);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: `console-${randomHex()}`, fingerprint };
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setState({ phase: 'sending', fileName: file.name, fraction: 0 });
      // Core types the file as its own Blob (Node's lib); the browser's File is the same thing at run time.
      const input: CommandInput<typeof uploadBulkTransfers> = {
        file: file as unknown as CommandInput<typeof uploadBulkTransfers>['file'],
        ...source,
      };
      try {
        const validation = await callWithUploadProgress(uploadBulkTransfers, input, {
          idempotencyKey: attempt.current.key,
          signal: controller.signal,
          onProgress: (fraction) => setState(fraction >= 1 ? { phase: 'checking', fileName: file.name } : { phase: 'sending', fileName: file.name, fraction }),
        });
        attempt.current = null;
        setState({ phase: 'checked', validation });
        void queryClient.invalidateQueries({ queryKey: [listBulkTransfers.id] });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          setState({ phase: 'idle' });
          return;
        }
        const fields: Record<string, string> = {};
        if (error instanceof ClientError) for (const issue of error.details?.fields ?? []) fields[issue.field.split('.')[0]!] ??= issue.message;
        setState({ phase: 'failed', message: error instanceof ClientError ? error.userMessage : (error as Error).message, fields });
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [queryClient],
  );

  const cancel = useCallback(() => inFlight.current?.abort(), []);
  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, send, cancel, reset };
}
