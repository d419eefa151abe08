import { ALREADY, reverseWalletTransaction } from '@traction/core';
import { ClientError, randomHex } from '@traction/core/client';
import { useCallback, useRef, useState } from 'react';
import { client } from '../../app/client';
import { queryClient } from '../../app/queryClient';

/**
 * Where one reference stands: waiting its turn, being reversed, reversed, already reversed
 * earlier, refused (a definite no: nothing moved), or unanswered (no answer came: it may have
 * happened; running again asks the server under the same key, so it is never reversed twice).
 */
export type ReversalLineState = 'waiting' | 'running' | 'reversed' | 'already' | 'refused' | 'unanswered';

export interface ReversalLine {
  reference: string;
  state: ReversalLineState;
  /** The server's sentence: what was reversed and the wallet after, or why not. */
  message: string;
  /** The reversal's id (its Funds Reversal page), once reversed. */
  reversalId?: number;
  /** The reversal that already took it back. */
  reversedBy?: string;
}

const newKey = () => `console-${randomHex()}`;

/**
 * Reverses references one after another, each as its own `wallets.reverse` call with its own
 * Idempotency-Key, and reports each outcome as it arrives. A reference that got no answer keeps
 * its key, so running it again is answered from the server's record instead of reversing twice.
 */
export function useReversalRun() {
  const [lines, setLines] = useState<ReversalLine[]>([]);
  const [running, setRunning] = useState(false);
  const keys = useRef(new Map<string, string>());

  const run = useCallback(async (references: readonly string[], reason: string, previewed: ReadonlyMap<string, string> = new Map()) => {
    const update = (reference: string, line: Partial<ReversalLine>) =>
      setLines((current) => current.map((existing) => (existing.reference === reference ? { ...existing, ...line } : existing)));
    setRunning(true);
    // A run of some references again (those without an answer) keeps the others' outcomes.
    setLines((current) => {
      const again = new Set(references);
      const kept = current.filter((line) => !again.has(line.reference));
      return current.length && kept.length + references.length === current.length
        ? current.map((line) => (again.has(line.reference) ? { reference: line.reference, state: 'waiting', message: '' } : line))
        : references.map((reference) => ({ reference, state: 'waiting', message: '' }));
    });
    for (const reference of references) {
      const key = keys.current.get(`${reference}\n${reason}`) ?? newKey();
      keys.current.set(`${reference}\n${reason}`, key);
      update(reference, { state: 'running' });
      try {
        const token = previewed.get(reference);
        const output = await client.call(
          reverseWalletTransaction,
          { TransactionReference: reference, reason },
          { idempotencyKey: key, ...(token ? { ifMatch: token } : {}) },
        );
        update(reference, { state: 'reversed', message: output.message, reversalId: output.reversal.id });
        keys.current.delete(`${reference}\n${reason}`);
      } catch (error) {
        const failure = error instanceof ClientError ? error : null;
        if (failure && failure.status === 409 && failure.details?.reason === ALREADY) {
          update(reference, { state: 'already', message: failure.userMessage, reversedBy: String(failure.details.reversal ?? '') });
        } else if (!failure || failure.status === 0 || failure.status >= 500 || failure.details?.reason === 'idempotency_in_progress') {
          update(reference, { state: 'unanswered', message: failure ? failure.userMessage : String(error) });
          continue;
        } else {
          update(reference, { state: 'refused', message: failure.userMessage });
        }
        // A definite answer: a new request next time.
        keys.current.delete(`${reference}\n${reason}`);
      }
    }
    setRunning(false);
    void queryClient.invalidateQueries();
  }, []);

  return { lines, running, run };
}
