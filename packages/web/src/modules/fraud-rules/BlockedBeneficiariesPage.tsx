import { addBlockedBeneficiary, type BlockedBeneficiary, listBlockedBeneficiaries, removeBlockedBeneficiary } from '@traction/core';
import { useCallback } from 'react';
import { useOpenCommand } from '../commands/useOpenCommand';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';

/**
 * Blocked beneficiaries (Fraud Rules Manager): the accounts transfers may not be paid to. Block an
 * account adds one; Enter or a double-click on a row offers to unblock it.
 */
export default function BlockedBeneficiariesPage() {
  const { allowed, open } = useOpenCommand();
  const unblock = useCallback(
    (row: Record<string, unknown>) => {
      const entry = row as unknown as BlockedBeneficiary;
      if (!allowed(removeBlockedBeneficiary)) return;
      open({
        command: removeBlockedBeneficiary,
        fixed: { bankCode: entry.bankCode, accountNumber: entry.accountNumber },
        about: `${entry.bankName} ${entry.accountNumber}`,
        subject: `Unblock ${entry.bankName} ${entry.accountNumber}${entry.accountName ? ` (${entry.accountName})` : ''}, blocked because: ${entry.reason}`,
      });
    },
    [allowed, open],
  );
  return (
    <ListPage
      command={listBlockedBeneficiaries}
      title="Blocked Beneficiaries"
      description="Bank accounts transfers may not be paid to: a transfer to one matches the blocked-beneficiary rule of the Fraud Rules Manager. Enter or double-click an account to unblock it."
      rowNoun={{ one: 'account', other: 'accounts' }}
      selectable={false}
      onOpenRow={unblock}
      actions={
        allowed(addBlockedBeneficiary) ? (
          <Button variant="primary" data-block-account onClick={() => open({ command: addBlockedBeneficiary })}>
            Block an account
          </Button>
        ) : undefined
      }
    />
  );
}
