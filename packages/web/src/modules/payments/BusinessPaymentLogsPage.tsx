import { listBusinessPaymentLogs } from '@traction/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { MerchantPicker } from '../kyc/MerchantPicker';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PAYMENT_FILTER_OPTIONS } from './paymentFilterOptions';

/** Business Payment Logs: pick a merchant, then its payments with every payment log filter; the merchant stays in the URL. */
export default function BusinessPaymentLogsPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('business'));
  const name = params.get('name') ?? `Business ${id}`;
  const fixed = useMemo(() => ({ id }), [id]);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <div className="max-w-2xl space-y-4" data-page="business-payment-logs">
        <PageHeader title="Business Payment Logs" description="One merchant's payments: find the merchant by the start of its name or email." />
        <MerchantPicker onPick={(merchant) => setParams({ business: String(merchant.id), name: merchant.name })} />
      </div>
    );
  }
  return (
    <ListPage
      key={id}
      command={listBusinessPaymentLogs}
      title={`Payment Logs of ${name}`}
      description="This merchant's payments, newest first, with every payment log filter. Open a row (Enter) for the payment and its receipt."
      rowNoun={{ one: 'payment', other: 'payments' }}
      filterOptions={PAYMENT_FILTER_OPTIONS}
      fixed={fixed}
      selectable={false}
      actions={
        <Button variant="secondary" onClick={() => setParams({})}>
          Another merchant
        </Button>
      }
    />
  );
}
