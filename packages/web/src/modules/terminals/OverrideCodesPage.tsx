import {
  listOverrideCodes,
  OVERRIDE_CODE_PURPOSE_WORDS,
  OVERRIDE_CODE_PURPOSES,
  OVERRIDE_CODE_STATUS_WORDS,
  OVERRIDE_CODE_STATUSES,
  type OverrideCodeRow,
  createOverrideCode,
  redeemOverrideCode,
  revokeOverrideCode,
} from '@traction/core';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { ShortcutKey } from '../ui/ShortcutKey';

const OPTIONS = {
  status: OVERRIDE_CODE_STATUSES.map((status) => ({ value: status, label: OVERRIDE_CODE_STATUS_WORDS[status] })),
  purpose: OVERRIDE_CODE_PURPOSES.map((purpose) => ({ value: purpose, label: OVERRIDE_CODE_PURPOSE_WORDS[purpose] })),
};

/**
 * Terminal Override Codes: every code issued, by status and purpose; the codes themselves are
 * never shown here. New code (n) opens the issuing page; Enter on an active code revokes it,
 * asking why; Use a code (u) spends one typed at a terminal.
 */
export default function OverrideCodesPage() {
  const navigate = useNavigate();
  const { allowed, open } = useOpenCommand();
  const mayIssue = allowed(createOverrideCode);
  const mayRedeem = allowed(redeemOverrideCode);
  const create = () => navigate('/new-terminal-override-code');
  const redeem = () => open({ command: redeemOverrideCode });
  useShortcut('n', 'New override code', create, { enabled: mayIssue });
  useShortcut('u', 'Use an override code', redeem, { enabled: mayRedeem });
  return (
    <ListPage
      command={listOverrideCodes}
      title="Terminal Override Codes"
      description="Single-use codes that override a terminal's device lock. A code is shown only to whoever issues it; here you see whether it is active, used, expired or revoked. Enter on an active code revokes it."
      rowNoun={{ one: 'code', other: 'codes' }}
      filterOptions={OPTIONS}
      selectable={false}
      onOpenRow={
        allowed(revokeOverrideCode)
          ? (row) => {
              const code = row as unknown as OverrideCodeRow;
              if (code.status !== 'ACTIVE') return;
              open({
                command: revokeOverrideCode,
                fixed: { id: code.id },
                about: `override code #${code.id}`,
                subject: `Code #${code.id} for ${code.terminalName} (${OVERRIDE_CODE_PURPOSE_WORDS[code.purpose].toLowerCase()}): it stops working at once`,
              });
            }
          : undefined
      }
      actions={
        <>
          {mayRedeem ? (
            <Button onClick={redeem}>
              Use a code <ShortcutKey>u</ShortcutKey>
            </Button>
          ) : null}
          {mayIssue ? (
            <Button variant="primary" onClick={create}>
              New override code <ShortcutKey>n</ShortcutKey>
            </Button>
          ) : null}
        </>
      }
    />
  );
}
