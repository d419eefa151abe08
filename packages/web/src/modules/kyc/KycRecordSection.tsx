import type { KycRecord } from '@traction/core';
import { Field } from '../ui/Field';
import { formatDateTime } from '../ui/formatDateTime';
import { Section } from '../ui/Section';
import { documentLabel, verificationLabel } from './kycLabels';

/** What was submitted, when, and who reviewed it. */
export function KycRecordSection({ record }: { record: KycRecord }) {
  return (
    <Section name="record" title="Record">
      <dl className="grid grid-cols-2 gap-3 p-3">
        <Field label="Type">{verificationLabel(record.verificationType)}</Field>
        <Field label="Document">{documentLabel(record.documentType)}</Field>
        <Field label="ID number">{record.idNumber ? <span className="font-mono">{record.idNumber}</span> : null}</Field>
        <Field label="Details">{record.detail}</Field>
        <Field label="Submitted">{formatDateTime(record.submittedAt)}</Field>
        <Field label="Reviewed">
          {record.reviewedBy ? `${record.reviewedBy.name || record.reviewedBy.email}, ${formatDateTime(record.reviewedAt)}` : null}
        </Field>
      </dl>
    </Section>
  );
}
