import { listAuditLog, type AnyCommand } from '@traction/core';
import { ClientError, randomHex } from '@traction/core/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { client } from '../../app/client';
import { previousRecords } from './previousRecords';
import { saveFileAnswer } from './saveFileAnswer';
import { skippedRowNames } from './skippedRowNames';
import type { ResultContext } from './summarizeOutput';

export type RunOutcome = { ok: true; output: unknown } | { ok: false; error: ClientError | Error };

export type RunStatus = 'idle' | 'sending' | 'done' | 'failed';

const newIdempotencyKey = () => `console-${randomHex()}`;

/** Files have no JSON form; their name, size and date stand in for them when comparing bodies. */
const fingerprintOf = (input: Record<string, unknown>) =>
  JSON.stringify(input, (_, value: unknown) =>
    typeof Blob !== 'undefined' && value instanceof Blob
      ? { blob: value.size, type: value.type, name: (value as File).name, modified: (value as File).lastModified }
      : value,
  );

/**
 * Sends a command from a form. The Idempotency-Key is made when the form opens and reused for
 * as long as the admin resends the same body, so a retry after a lost answer cannot run the
 * command twice; a changed body is a new request and gets a new key (the server refuses a key
 * reused with another body). On success every cached query is invalidated so lists refresh.
 */
export function useCommandRun(command: AnyCommand, onDone?: (output: unknown) => void) {
  const queries = useQueryClient();
  const [status, setStatus] = useState<RunStatus>('idle');
  const [output, setOutput] = useState<unknown>(undefined);
  const [context, setContext] = useState<ResultContext>({});
  const attempt = useRef<{ key: string; fingerprint: string | null } | null>(null);
  attempt.current ??= { key: newIdempotencyKey(), fingerprint: null };
  const inFlight = useRef<AbortController | null>(null);

  // Reads are abandoned with the form; a mutation already sent is left to finish so its
  // invalidation and onDone still happen.
  useEffect(
    () => () => {
      if (!command.mutates) inFlight.current?.abort();
    },
    [command],
  );

  const send = useCallback(
    async (input: Record<string, unknown>, options: { ifMatch?: string } = {}): Promise<RunOutcome> => {
      const fingerprint = fingerprintOf(input);
      let current = attempt.current!;
      if (current.fingerprint !== null && current.fingerprint !== fingerprint) current = { key: newIdempotencyKey(), fingerprint };
      current.fingerprint = fingerprint;
      attempt.current = current;
      const controller = new AbortController();
      inFlight.current = controller;
      setStatus('sending');
      try {
        const result =
          command.answers === 'file'
            ? await saveFileAnswer(command, input, controller.signal)
            : await client.call(command, input, {
                ...(command.idempotency === 'none' ? {} : { idempotencyKey: current.key }),
                ...(options.ifMatch ? { ifMatch: options.ifMatch } : {}),
                signal: controller.signal,
              });
        // The next submission from this form is a new operation.
        attempt.current = { key: newIdempotencyKey(), fingerprint: null };
        // Read before the refresh below replaces what the console showed.
        setContext({ input, previous: previousRecords(queries, result), rowNames: skippedRowNames(queries, command, result) });
        setOutput(result);
        setStatus('done');
        void queries.invalidateQueries();
        onDone?.(result);
        return { ok: true, output: result };
      } catch (error) {
        setStatus('failed');
        // A refused or timed-out change is in the audit log too: pages showing recent runs refresh.
        if (command.method !== 'GET' || command.mutates) void queries.invalidateQueries({ queryKey: [listAuditLog.id] });
        return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [command, onDone, queries],
  );

  return { status, output, context, send };
}

/** The message to show for a failed run. */
export const failureMessage = (error: ClientError | Error) => (error instanceof ClientError ? error.userMessage : error.message || 'The command failed.');
