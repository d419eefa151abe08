import type { AnyCommand } from '../../command';
import { listBankAccounts, listSettlementAccounts, merchantAccounts } from './accounts';
import { listBusinessUsers } from './business-users';
import { listFeatures } from './features';
import { listBusinessLogs, listSupportIssues } from './logs';
import {
  createBusiness,
  getMerchant,
  listMerchants,
  merchantPasswordLink,
  merchantsByName,
  merchantsWithStores,
  salesAgentBusinesses,
  searchMerchants,
  signupMerchant,
} from './merchants';

export * from './accounts';
export * from './business-users';
export * from './features';
export * from './logs';
export * from './merchants';
export * from '../../schemas/business';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const businessCommands = [
  listMerchants,
  getMerchant,
  signupMerchant,
  createBusiness,
  searchMerchants,
  merchantsByName,
  merchantsWithStores,
  merchantAccounts,
  merchantPasswordLink,
  listBusinessUsers,
  salesAgentBusinesses,
  listSettlementAccounts,
  listBankAccounts,
  listBusinessLogs,
  listSupportIssues,
  listFeatures,
] as const satisfies readonly AnyCommand[];
