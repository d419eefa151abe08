import {
  DEPLOYMENT_CODE_STATUS_WORDS,
  DEPLOYMENT_CODE_STATUSES,
  type DeploymentCodeRow,
  FIELD_OFFICER_ROLE_WORDS,
  FIELD_OFFICER_ROLES,
  issueDeploymentCode,
  listDeploymentCodes,
  revokeDeploymentCode,
} from '@traction/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { ShortcutKey } from '../ui/ShortcutKey';
import { IssuedDeploymentCode } from './IssuedDeploymentCode';

const OPTIONS = {
  status: DEPLOYMENT_CODE_STATUSES.map((status) => ({ value: status, label: DEPLOYMENT_CODE_STATUS_WORDS[status] })),
  officerRole: FIELD_OFFICER_ROLES.map((role) => ({ value: role, label: FIELD_OFFICER_ROLE_WORDS[role] })),
};

/**
 * Terminal Deployment Codes: the codes issued to field officers for terminals in transit, by
 * status and role; the codes themselves are never shown here. New code (n) asks for the
 * terminal and the officer, then shows the code this once above the list. `?terminal_id=`
 * fills the terminal in. Revoke a code (r) by its number when an officer lost it.
 */
export default function DeploymentCodesPage() {
  const { allowed, open } = useOpenCommand();
  const [params] = useSearchParams();
  const [issued, setIssued] = useState<(DeploymentCodeRow & { code: string }) | null>(null);
  const mayIssue = allowed(issueDeploymentCode);
  const terminalId = params.get('terminal_id');
  const create = () =>
    open({
      command: issueDeploymentCode,
      ...(terminalId ? { initial: { terminal_id: terminalId } } : {}),
      onDone: (made) => setIssued(made),
    });
  useShortcut('n', 'New deployment code', create, { enabled: mayIssue });
  const mayRevoke = allowed(revokeDeploymentCode);
  const revoke = () => open({ command: revokeDeploymentCode, subject: 'The code stops working at once; the terminal then needs a new code to be deployed.' });
  useShortcut('r', 'Revoke a deployment code (by its #)', revoke, { enabled: mayRevoke });
  return (
    <ListPage
      command={listDeploymentCodes}
      title="Terminal Deployment Codes"
      description="Single-use codes that let a field officer deploy one terminal in transit: typed on the terminal at the merchant's store. A code is shown only to whoever issues it; a new code for a terminal replaces the one before. Enter opens the terminal."
      rowNoun={{ one: 'code', other: 'codes' }}
      filterOptions={OPTIONS}
      selectable={false}
      summary={issued ? <IssuedDeploymentCode issued={issued} onDismiss={() => setIssued(null)} /> : null}
      actions={
        <>
          {mayRevoke ? (
            <Button onClick={revoke}>
              Revoke a code <ShortcutKey>r</ShortcutKey>
            </Button>
          ) : null}
          {mayIssue ? (
            <Button variant="primary" onClick={create}>
              New deployment code <ShortcutKey>n</ShortcutKey>
            </Button>
          ) : null}
        </>
      }
    />
  );
}
