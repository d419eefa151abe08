import {
  type CommandInput,
  listTerminals,
  listTerminalUploads,
  type TerminalUploadKind,
  type TerminalUploadProblem,
  uploadTerminalIds,
  uploadTerminalStock,
} from '@traction/core';
import { ClientError, randomHex } from '@traction/core/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callWithUploadProgress } from '../commands/callWithUploadProgress';

export const UPLOAD_COMMANDS = { STOCK: uploadTerminalStock, TIDS: uploadTerminalIds } as const;

type Answer = Awaited<ReturnType<typeof callWithUploadProgress<typeof uploadTerminalStock>>>;

export type TerminalUploadState =
  | { phase: 'idle' }
  | { phase: 'sending'; fileName: string; fraction: number; saving: boolean }
  | { phase: 'working'; fileName: string; saving: boolean }
  /** Checked (nothing saved) or saved: what the server found. */
  | { phase: 'done'; answer: Answer }
  /** Refused: the sentence, the file's problem and, for a save refused over bad rows, every one of them. */
  | { phase: 'failed'; message: string; fileError: string; problems: readonly TerminalUploadProblem[] };

/**
 * Sends a terminal spreadsheet to be checked or saved, with the upload's progress. A save keeps
 * its Idempotency-Key while the same file is sent again after a failure, so a lost answer never
 * saves the file twice.
 */
export function useTerminalUpload() {
  const [state, setState] = useState<TerminalUploadState>({ phase: 'idle' });
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => () => inFlight.current?.abort(), []);

  const send = useCallback(
    async (kind: TerminalUploadKind, file: File, mode: { check: boolean; skipBadRows: boolean }) => {
      const command = UPLOAD_COMMANDS[kind];
      const saving = !mode.check;
      const fingerprint = JSON.stringify([kind, file.name, file.size, file.lastModified, mode]);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: `console-${randomHex()}`, fingerprint };
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setState({ phase: 'sending', fileName: file.name, fraction: 0, saving });
      // Core types the file as its own Blob (Node's lib); the browser's File is the same thing at run time.
      const input: CommandInput<typeof command> = { file: file as unknown as CommandInput<typeof command>['file'], ...mode };
      try {
        const answer = await callWithUploadProgress(command, input, {
          idempotencyKey: attempt.current.key,
          signal: controller.signal,
          onProgress: (fraction) =>
            setState(fraction >= 1 ? { phase: 'working', fileName: file.name, saving } : { phase: 'sending', fileName: file.name, fraction, saving }),
        });
        attempt.current = null;
        setState({ phase: 'done', answer });
        if (saving) {
          void queryClient.invalidateQueries({ queryKey: [listTerminalUploads.id] });
          void queryClient.invalidateQueries({ queryKey: [listTerminals.id] });
        }
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          setState({ phase: 'idle' });
          return;
        }
        const details = error instanceof ClientError ? error.details : undefined;
        const problems = Array.isArray(details?.problems) ? (details.problems as TerminalUploadProblem[]) : [];
        const fileError = details?.fields?.find((issue) => issue.field === 'file')?.message ?? '';
        setState({ phase: 'failed', message: error instanceof ClientError ? error.userMessage : (error as Error).message, fileError, problems });
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [queryClient],
  );
  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, send, reset };
}
