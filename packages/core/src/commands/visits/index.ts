import type { AnyCommand } from '../../command';
import { listCsrAccounts, listCsrDeployments, listCsrOnboarded } from './csr';
import { cancelVisit, getVisit, listFieldAgents, listLoggedVisits, listVisits, logVisit, scheduleVisit } from './visits';

export * from './csr';
export * from './visits';

/** Merchant visits scheduled for sales agents and logged, and the CSR management views. In the order the palette and CLI help list them. */
export const visitCommands = [
  listVisits,
  scheduleVisit,
  logVisit,
  cancelVisit,
  getVisit,
  listLoggedVisits,
  listFieldAgents,
  listCsrAccounts,
  listCsrOnboarded,
  listCsrDeployments,
] as const satisfies readonly AnyCommand[];
