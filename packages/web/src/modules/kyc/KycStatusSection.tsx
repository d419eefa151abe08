import { maskIdNumber, type KycReviewStatus } from '@traction/core';
import { Section } from '../ui/Section';
import type { KycDetail } from './KycDetail';
import { documentLabel } from './kycLabels';
import { KycStateMachine } from './KycStateMachine';
import { KycStatusBadge } from './KycStatusBadge';

/** Where the record stands in the KYC state machine, the moves open from there (when the admin may review), and its comment. */
export function KycStatusSection({ data, onMove }: { data: KycDetail; onMove: ((to: KycReviewStatus) => void) | undefined }) {
  const { record, blacklisted } = data;
  return (
    <Section name="status" title="Status" aside={<KycStatusBadge status={record.status} />}>
      <div className="space-y-3 p-3">
        <KycStateMachine
          status={record.status}
          allowedNext={data.allowedNext}
          blockedReason={blacklisted ? `${documentLabel(blacklisted.idType)} ${maskIdNumber(blacklisted.idNumber)} is blacklisted` : undefined}
          onMove={onMove}
        />
        {record.comment ? <p className="whitespace-pre-line text-zinc-700 dark:text-zinc-300">“{record.comment}”</p> : null}
      </div>
    </Section>
  );
}
