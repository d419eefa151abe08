import type { Implementation } from '../../http/implement';
import { listBankAccountsHandler, listSettlementAccountsHandler, merchantAccountsHandler } from './accounts.handlers';
import { listBusinessLogsHandler, listBusinessUsersHandler, listFeaturesHandler, listSupportIssuesHandler } from './directory.handlers';
import {
  createBusinessHandler,
  getMerchantHandler,
  listMerchantsHandler,
  merchantPasswordLinkHandler,
  merchantsByNameHandler,
  merchantsWithStoresHandler,
  salesAgentBusinessesHandler,
  searchMerchantsHandler,
  signupMerchantHandler,
} from './merchants.handlers';

/** Implementations of this domain's commands. */
export const businessImplementations: readonly Implementation[] = [
  listMerchantsHandler,
  merchantsWithStoresHandler,
  getMerchantHandler,
  signupMerchantHandler,
  createBusinessHandler,
  searchMerchantsHandler,
  merchantsByNameHandler,
  merchantAccountsHandler,
  merchantPasswordLinkHandler,
  listBusinessUsersHandler,
  salesAgentBusinessesHandler,
  listSettlementAccountsHandler,
  listBankAccountsHandler,
  listBusinessLogsHandler,
  listSupportIssuesHandler,
  listFeaturesHandler,
];
