import type { ApprovalExecutor } from '../approvals/index';
import type { Implementation } from '../../handling/implement';
import {
  getSettlementGroupHandler,
  listCumulationTransactionsHandler,
  listSettlementCumulationsHandler,
  listSettlementGroupsHandler,
  settleCumulationsHandler,
  settlementExecutor,
} from './settlements.handlers';

/** Settlements (docs/decisions.md "Settlements"): groups, cumulations, settled once through the ledger or marked as settled outside. */
export { settle, type SettlementAsk, type Settler } from './settle';

export const settlementImplementations: readonly Implementation[] = [
  listSettlementGroupsHandler,
  getSettlementGroupHandler,
  listSettlementCumulationsHandler,
  listCumulationTransactionsHandler,
  settleCumulationsHandler,
];

/** The executor of an approved settlement, registered at the composition root. */
export const settlementExecutors: readonly ApprovalExecutor[] = [settlementExecutor];
