import type { MerchantDetail } from '@traction/core';
import { Field } from '../ui/Field';
import { Section } from '../ui/Section';

/** Who the business is and how to reach it. The BVN shows only its last four digits. */
export function MerchantBusinessSection({ detail }: { detail: MerchantDetail }) {
  const { business } = detail;
  return (
    <Section name="business" title="Business">
      <dl className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-2">
        <Field label="Email">{business.email}</Field>
        <Field label="Phone">{business.phone}</Field>
        <Field label="Address">{business.address}</Field>
        <Field label="State">{business.state}</Field>
        <Field label="RC number">{business.rcNumber}</Field>
        <Field label="BVN">{business.bvnLast4 ? `•••••••${business.bvnLast4}` : null}</Field>
        <Field label="Sales agent">{business.salesAgentEmail}</Field>
        <Field label="Open support issues">{String(detail.openSupportIssues)}</Field>
      </dl>
    </Section>
  );
}
