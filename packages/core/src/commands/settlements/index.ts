import type { AnyCommand } from '../../command';
import { getSettlementGroup, listCumulationTransactions, listSettlementCumulations, listSettlementGroups, settleCumulations } from './settlements';

export * from './settlement-schemas';
export * from './settlements';

/** The approval action a settlement above the policy's amount waits under. */
export const SETTLEMENT_APPROVAL_ACTION = 'settlements.settle';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const settlementCommands = [
  listSettlementGroups,
  getSettlementGroup,
  listSettlementCumulations,
  listCumulationTransactions,
  settleCumulations,
] as const satisfies readonly AnyCommand[];
