import { FIELD_OFFICER_ROLE_WORDS, FIELD_OFFICER_ROLES, type FieldOfficerRole, listDeployments } from '@traction/core';
import { Link, useLocation } from 'react-router';
import { ListPage } from '../list/ListPage';
import { linkClass } from '../ui/linkClass';

interface DeploymentView {
  title: string;
  description: string;
  fixed: Readonly<{ officerRole?: FieldOfficerRole }>;
}

const ALL: DeploymentView = {
  title: 'Terminal Deployments',
  description:
    'Terminals deployed at their merchants by field officers with a deployment code: the merchant and store, the request it was sent for, the officer, and where the terminal was set up (GPS). Enter opens the terminal.',
  fixed: {},
};

/** The pages of one officer role: the same list, the role fixed. */
const VIEWS: Readonly<Record<string, DeploymentView>> = {
  '/terminal-deployments': ALL,
  '/terminal-deployment-mso': {
    title: 'Deployment MSO',
    description: 'Terminals deployed by merchant support officers (MSOs) with a deployment code. Enter opens the terminal.',
    fixed: { officerRole: 'MSO' },
  },
  '/terminal-deployment-dsr': {
    title: 'Deployment DSR',
    description: 'Terminals deployed by direct sales representatives (DSRs) with a deployment code. Enter opens the terminal.',
    fixed: { officerRole: 'DSR' },
  },
  '/terminal-deployment-sales-agent': {
    title: 'Deployment by Sales Agent',
    description: 'Terminals deployed by sales agents with a deployment code. Enter opens the terminal.',
    fixed: { officerRole: 'SALES_AGENT' },
  },
};

const OPTIONS = { officerRole: FIELD_OFFICER_ROLES.map((role) => ({ value: role, label: FIELD_OFFICER_ROLE_WORDS[role] })) };

/**
 * Terminal Deployments and its three officer pages (MSO, DSR, sales agent): one list of
 * deployments, each page with the officer's role fixed. Links lead to the codes issued and to
 * what terminals reported (the deployment responses).
 */
export default function TerminalDeploymentsPage() {
  const view = VIEWS[useLocation().pathname] ?? ALL;
  return (
    <ListPage
      key={view.title}
      command={listDeployments}
      title={view.title}
      description={view.description}
      rowNoun={{ one: 'deployment', other: 'deployments' }}
      fixed={view.fixed}
      filterOptions={OPTIONS}
      selectable={false}
      actions={
        <div className="flex items-center gap-4 text-sm">
          <Link className={linkClass} to="/terminal-deployment-codes">
            Deployment codes
          </Link>
          <Link className={linkClass} to="/terminal-deployment-responses">
            Deployment responses
          </Link>
        </div>
      }
    />
  );
}
