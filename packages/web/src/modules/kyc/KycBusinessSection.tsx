import { Link } from 'react-router';
import { Field } from '../ui/Field';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';
import type { KycDetail } from './KycDetail';

/** The business the record belongs to: how to reach it, its KYC override and fraud mark, and a link to its merchant page. */
export function KycBusinessSection({ business }: { business: KycDetail['business'] }) {
  return (
    <Section
      name="business"
      title="Business"
      aside={
        <Link className={`${linkClass} text-sm`} to={`/merchants/${business.id}`}>
          Open merchant
        </Link>
      }
    >
      <dl className="grid grid-cols-2 gap-3 p-3">
        <Field label="Name">
          <Link className={linkClass} to={`/merchants/${business.id}`}>
            {business.name}
          </Link>
        </Field>
        <Field label="Email">{business.email}</Field>
        <Field label="Phone">{business.phone}</Field>
        <Field label="RC number">{business.rcNumber}</Field>
        <Field label="KYC override">
          {business.kycExempt ? 'Exempt from KYC' : business.bvnExempt ? 'Exempt from the BVN check' : 'None'}
          {business.kycOverrideBy ? ` (${business.kycOverrideBy.name || business.kycOverrideBy.email}, ${formatDateTime(business.kycOverrideAt)})` : ''}
        </Field>
        <Field label="Fraud">{business.isFraud ? <span className="font-medium text-red-600 dark:text-red-400">Marked as fraud</span> : 'No'}</Field>
      </dl>
    </Section>
  );
}
