import {
  DEPLOYMENT_REJECTION_WORDS,
  DEPLOYMENT_REJECTIONS,
  DEPLOYMENT_REPORT_RESULT_WORDS,
  DEPLOYMENT_REPORT_RESULTS,
  listDeploymentReports,
} from '@traction/core';
import { Link, useNavigate } from 'react-router';
import { ListPage } from '../list/ListPage';
import { linkClass } from '../ui/linkClass';

const OPTIONS = {
  result: DEPLOYMENT_REPORT_RESULTS.map((result) => ({ value: result, label: DEPLOYMENT_REPORT_RESULT_WORDS[result] })),
  reason: DEPLOYMENT_REJECTIONS.map((reason) => ({ value: reason, label: DEPLOYMENT_REJECTION_WORDS[reason] })),
};

/**
 * Deployment Responses: every report terminals sent with a deployment code, accepted or
 * rejected and why — what the device was answered, the officer whose code it was, the GPS
 * position and the address it came from. A run of wrong codes for one terminal is someone
 * guessing; its reports show from where. Enter opens the terminal a report named.
 */
export default function DeploymentResponsesPage() {
  const navigate = useNavigate();
  return (
    <ListPage
      command={listDeploymentReports}
      title="Deployment Responses"
      description="What terminals reported when set up with a deployment code, newest first. Rejected reports say why: a wrong code (or an unknown terminal), a used, expired or replaced code, a terminal not in transit, a request not yet delivered, or too many wrong codes."
      rowNoun={{ one: 'report', other: 'reports' }}
      filterOptions={OPTIONS}
      selectable={false}
      onOpenRow={(row) => {
        if (typeof row.terminal === 'number') navigate(`/terminals/${row.terminal}`);
      }}
      actions={
        <Link className={linkClass} to="/terminal-deployments">
          Deployments
        </Link>
      }
    />
  );
}
