import type { Implementation } from '../../handling/implement';
import {
  cancelVisitHandler,
  getVisitHandler,
  listCsrAccountsHandler,
  listCsrDeploymentsHandler,
  listCsrOnboardedHandler,
  listFieldAgentsHandler,
  listLoggedVisitsHandler,
  listVisitsHandler,
  logVisitHandler,
  scheduleVisitHandler,
} from './visits.handlers';

/** Merchant visits scheduled for sales agents and logged, and the CSR management views. */
export const visitImplementations: readonly Implementation[] = [
  listVisitsHandler,
  scheduleVisitHandler,
  logVisitHandler,
  cancelVisitHandler,
  getVisitHandler,
  listLoggedVisitsHandler,
  listFieldAgentsHandler,
  listCsrAccountsHandler,
  listCsrOnboardedHandler,
  listCsrDeploymentsHandler,
];
