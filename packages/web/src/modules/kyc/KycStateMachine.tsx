import { KYC_STATUS_MEANING, KYC_TRANSITIONS, type KycReviewStatus, type KycStatus } from '@traction/core';
import { statusLabel } from './kycLabels';

type NodeState = 'current' | 'next' | 'blocked';

// Solid accent with white text reads in light and dark alike (the theme defines accent 50/500–700 only).
const NODE: Record<NodeState, string> = {
  current: 'border-accent-600 bg-accent-600 text-white',
  next: 'border-dashed border-zinc-400 bg-white text-zinc-800 dark:border-zinc-500 dark:bg-zinc-900 dark:text-zinc-100',
  blocked: 'border-dashed border-red-300 text-red-700 line-through dark:border-red-700 dark:text-red-300',
};
const BUTTON = 'hover:border-solid hover:bg-zinc-50 dark:hover:bg-zinc-800 cursor-pointer';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export interface KycStateMachineProps {
  status: KycStatus;
  /** Where the server lets this record go now (the blacklist may remove Approved). */
  allowedNext: readonly KycReviewStatus[];
  /** Why a move the state machine has is closed now (e.g. the ID is blacklisted). */
  blockedReason?: string;
  /** When given, the possible next states are buttons that start that move. */
  onMove?: (status: KycReviewStatus) => void;
}

/**
 * Where the record is and every state it may go to straight from here, as chips: a pending record
 * may be decided at once or taken into processing first. A move the state machine has but the
 * server closes (a blacklisted ID cannot be approved) is struck through with its reason. Read from
 * core's transition table, so the picture cannot drift from what the server enforces.
 */
export function KycStateMachine({ status, allowedNext, blockedReason, onMove }: KycStateMachineProps) {
  const moves = KYC_TRANSITIONS[status];
  const chip = 'inline-flex items-center rounded-md border px-2 py-1 text-xs font-medium';
  return (
    <div data-testid="kyc-state-machine" className="space-y-2">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-zinc-500 dark:text-zinc-400">Now</span>
        <span data-kyc-state={status} data-state="current" className={`${chip} ${NODE.current}`}>
          {statusLabel(status)}
        </span>
        <span className="text-xs text-zinc-600 dark:text-zinc-300">
          {moves.length ? `${KYC_STATUS_MEANING[status]}.` : `Final: ${lowerFirst(KYC_STATUS_MEANING[status])}.`}
        </span>
      </p>
      {moves.length ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs text-zinc-500 dark:text-zinc-400">May go straight to</span>
          <ul className="flex flex-wrap items-center gap-2" aria-label="Possible next states">
            {moves.map((move) => {
              const open = allowedNext.includes(move);
              const state: NodeState = open ? 'next' : 'blocked';
              const title = open ? KYC_STATUS_MEANING[move] : `Closed${blockedReason ? `: ${blockedReason}` : ''}`;
              return (
                <li key={move} data-kyc-state={move} data-state={state}>
                  {open && onMove ? (
                    <button type="button" title={title} className={`${chip} ${NODE.next} ${BUTTON}`} onClick={() => onMove(move)}>
                      {statusLabel(move)}
                    </button>
                  ) : (
                    <span title={title} className={`${chip} ${NODE[state]}`}>
                      {statusLabel(move)}
                      {open ? null : <span className="sr-only"> (closed{blockedReason ? `: ${blockedReason}` : ''})</span>}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
