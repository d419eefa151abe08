import type { KycReviewStatus } from '@traction/core';
import { Button } from '../ui/Button';

export interface KycRecordActionsProps {
  /** The admin may review KYC records. */
  mayReview: boolean;
  /** The statuses the record may move to now. */
  next: ReadonlySet<string>;
  decide: (status: KycReviewStatus) => void;
  reject: () => void;
  blacklist: { may: boolean; label: string; blacklist: () => void };
}

/**
 * The page header's buttons: only the moves open to this record and this admin, each showing its
 * key. The decision area: where focus goes when the queue opens the record (`data-focus-home`).
 */
export function KycRecordActions({ mayReview, next, decide, reject, blacklist }: KycRecordActionsProps) {
  const actions: { key: string; label: string; show: boolean; run: () => void; variant: 'primary' | 'secondary' | 'danger' }[] = [
    { key: 'a', label: 'Approve', show: mayReview && next.has('APPROVED'), run: () => decide('APPROVED'), variant: 'primary' },
    { key: 'p', label: 'Start processing', show: mayReview && next.has('PROCESSING'), run: () => decide('PROCESSING'), variant: 'secondary' },
    { key: 'd', label: 'Disapprove', show: mayReview && next.has('DISAPPROVED'), run: () => decide('DISAPPROVED'), variant: 'secondary' },
    { key: 'r', label: 'Reject…', show: mayReview && next.has('REJECTED'), run: reject, variant: 'danger' },
    { key: 'b', label: blacklist.label, show: blacklist.may, run: blacklist.blacklist, variant: 'secondary' },
  ];
  return (
    <div role="group" aria-label="Decision" data-focus-home tabIndex={-1} className="flex flex-wrap items-center gap-2 outline-none">
      {actions
        .filter((action) => action.show)
        .map((action) => (
          <Button key={action.key} variant={action.variant} data-action={action.key} onClick={action.run} title={`Shortcut: ${action.key}`}>
            {action.label}
            <kbd className="ml-1 rounded border border-current/30 px-1 font-mono text-[10px] opacity-70">{action.key}</kbd>
          </Button>
        ))}
    </div>
  );
}
