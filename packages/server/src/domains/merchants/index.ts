import type { Implementation } from '../../handling/implement';
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

/** Every change to a business is written down in its history, from any domain. */
export { recordBusinessEvents, type BusinessEvent } from './business-events.repository';
/** The merchant row every business list starts from (risk's lists extend it). */
export { businessBasics, businessBasicsCsv, businessExists, businessSummaryQuery, stateNameSql } from './businesses.repository';

/** The merchants list as a list source: audiences read a saved view of it through the list's own filters. */
export { listMerchantsHandler as merchantsListImplementation };

/** Implementations of this domain's commands. */
export const merchantImplementations: readonly Implementation[] = [
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
