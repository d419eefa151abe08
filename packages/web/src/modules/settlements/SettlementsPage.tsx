import { listSettlementGroups, SETTLEMENT_GROUP_STATUS_WORDS, SETTLEMENT_GROUP_STATUSES } from '@traction/core';
import { ListPage } from '../list/ListPage';

const OPTIONS = {
  status: SETTLEMENT_GROUP_STATUSES.map((status) => ({ value: status, label: SETTLEMENT_GROUP_STATUS_WORDS[status] })),
};

/** Settlements: each day's direct (card) and aggregator (transfer, USSD) groups, newest first; a group opens to its merchants' cumulations. */
export default function SettlementsPage() {
  return (
    <ListPage
      command={listSettlementGroups}
      title="Settlements"
      description="Each Lagos day's successful payments, per merchant, in a direct (card) and an aggregator (transfer and USSD) group. Open a group (Enter) to settle its cumulations to wallets or mark them settled outside the system."
      rowNoun={{ one: 'group', other: 'groups' }}
      filterOptions={OPTIONS}
      selectable={false}
    />
  );
}
