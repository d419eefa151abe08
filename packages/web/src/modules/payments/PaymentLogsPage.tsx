import { listPaymentLogs } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { PAYMENT_FILTER_OPTIONS } from './paymentFilterOptions';

/** Payment Logs: every payment merchants took, filtered by the spec's date-time range and more, shared by URL; a row opens the payment. */
export default function PaymentLogsPage() {
  return (
    <ListPage
      command={listPaymentLogs}
      title="Payment Logs"
      description="Card payments at merchants' terminals and transfers and USSD into their accounts, newest first: route, issuing bank, ISO response, the band's charge and settlement. Search by RRN, terminal ID or reference; open a row (Enter) for the payment and its receipt."
      rowNoun={{ one: 'payment', other: 'payments' }}
      filterOptions={PAYMENT_FILTER_OPTIONS}
      selectable={false}
    />
  );
}
