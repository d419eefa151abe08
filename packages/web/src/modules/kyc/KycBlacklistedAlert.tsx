import type { KycDetail } from './KycDetail';
import { formatDateTime } from '../ui/formatDateTime';
import { documentLabel } from './kycLabels';

const withoutEndStop = (text: string) => text.trim().replace(/[.\s]+$/, '');

/** Says that the record's ID is blacklisted, by whom and why: such a record can never be approved. */
export function KycBlacklistedAlert({ blacklisted }: { blacklisted: NonNullable<KycDetail['blacklisted']> }) {
  return (
    <p
      role="alert"
      data-testid="kyc-blacklisted"
      className="rounded-md border border-red-300 bg-red-50 p-2.5 text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
    >
      {documentLabel(blacklisted.idType)} {blacklisted.idNumber} is blacklisted: “{withoutEndStop(blacklisted.note)}”
      {blacklisted.createdBy ? ` (blacklisted by ${blacklisted.createdBy}, ${formatDateTime(blacklisted.createdAt)})` : ''}. This record can never be approved.
    </p>
  );
}
