import { listCsrDeployments } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { CsrTotals } from './CsrTotals';

/** CSR MGT · Terminal Deployment: terminals deployed to each CSR's merchants, per period, with totals per CSR and for all. */
export default function CsrDeploymentsPage() {
  return (
    <ListPage
      command={listCsrDeployments}
      title="Terminal Deployment"
      description="How many terminals were deployed to the merchants each customer-service representative manages, per day, week or month (Lagos time), with each CSR's total over the dates chosen."
      rowNoun={{ one: 'row', other: 'rows' }}
      selectable={false}
      summary={<CsrTotals command={listCsrDeployments} noun="terminals deployed" />}
    />
  );
}
