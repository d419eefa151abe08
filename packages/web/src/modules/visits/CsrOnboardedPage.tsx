import { listCsrOnboarded } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { CsrTotals } from './CsrTotals';

/** CSR MGT · Onboarded Merchant: merchants each CSR onboarded, per period, with totals per CSR and for all. */
export default function CsrOnboardedPage() {
  return (
    <ListPage
      command={listCsrOnboarded}
      title="Onboarded Merchant"
      description="How many merchants each customer-service representative onboarded, per day, week or month (Lagos time), with each CSR's total over the dates chosen."
      rowNoun={{ one: 'row', other: 'rows' }}
      selectable={false}
      summary={<CsrTotals command={listCsrOnboarded} noun="merchants onboarded" />}
    />
  );
}
