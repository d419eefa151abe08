import type { AnyCommand, CommandInput, CommandOutput } from '@traction/core';
import { ClientError, randomHex } from '@traction/core/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callWithUploadProgress } from '../commands/callWithUploadProgress';
import type { RowProblem } from '../ui/BadRowsTable';

export type SpreadsheetUploadState<Answer> =
  | { phase: 'idle' }
  | { phase: 'sending'; fileName: string; fraction: number; saving: boolean }
  | { phase: 'working'; fileName: string; saving: boolean }
  /** Checked (nothing saved) or saved: what the server found. */
  | { phase: 'done'; answer: Answer; saving: boolean }
  /** Refused: the sentence, the file's problem and, for a save refused over bad rows, every one of them. */
  | { phase: 'failed'; message: string; fileError: string; problems: readonly RowProblem[] };

/** Files have no JSON form: their name, size and date stand in for them when comparing sends. */
const fingerprintOf = (commandId: string, file: File, input: Readonly<Record<string, unknown>>) =>
  JSON.stringify([commandId, file.name, file.size, file.lastModified, Object.entries(input).filter(([key]) => key !== 'file')]);

/**
 * Sends a spreadsheet to be checked or saved (terminal stock, terminal IDs, deduction files), with
 * the upload's progress. A send keeps its Idempotency-Key while the same file is sent again the
 * same way after a failure, so a lost answer never saves the file twice. `refresh` names the lists
 * a save changes.
 */
export function useSpreadsheetUpload<C extends AnyCommand>(refresh: readonly AnyCommand[]) {
  const [state, setState] = useState<SpreadsheetUploadState<CommandOutput<C>>>({ phase: 'idle' });
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => () => inFlight.current?.abort(), []);

  const send = useCallback(
    // `fileField`: the input field the file travels in (`file`; the email-marketing upload's is `email`, spec §3).
    async (command: C, file: File, rest: Readonly<Record<string, unknown>>, saving: boolean, fileField = 'file') => {
      const fingerprint = fingerprintOf(command.id, file, rest);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: `console-${randomHex()}`, fingerprint };
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setState({ phase: 'sending', fileName: file.name, fraction: 0, saving });
      // Core types the file as its own Blob (Node's lib); the browser's File is the same thing at run time.
      const input = { ...rest, [fileField]: file } as unknown as CommandInput<C>;
      try {
        const answer = await callWithUploadProgress(command, input, {
          idempotencyKey: attempt.current.key,
          signal: controller.signal,
          onProgress: (fraction) =>
            setState(fraction >= 1 ? { phase: 'working', fileName: file.name, saving } : { phase: 'sending', fileName: file.name, fraction, saving }),
        });
        attempt.current = null;
        setState({ phase: 'done', answer, saving });
        if (saving) for (const list of refresh) void queryClient.invalidateQueries({ queryKey: [list.id] });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          setState({ phase: 'idle' });
          return;
        }
        const details = error instanceof ClientError ? error.details : undefined;
        const problems = Array.isArray(details?.problems) ? (details.problems as RowProblem[]) : [];
        const fileError = details?.fields?.find((issue) => issue.field === fileField)?.message ?? '';
        setState({ phase: 'failed', message: error instanceof ClientError ? error.userMessage : (error as Error).message, fileError, problems });
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [queryClient, refresh],
  );
  // A file or a choice changed under a send in flight: its answer would be about something else.
  const reset = useCallback(() => {
    inFlight.current?.abort();
    setState({ phase: 'idle' });
  }, []);
  return { state, send, reset };
}
