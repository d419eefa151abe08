import type { Implementation } from '../../handling/implement';
import {
  listDatasetBusinessesHandler,
  listDatasetInvoicesHandler,
  listDatasetOnlineStoresHandler,
  listDatasetOrdersHandler,
  listDatasetProductsHandler,
  listDatasetSalesHandler,
  listDatasetUsersHandler,
} from './datasets.handlers';

/** The Datasets: what merchants do in the merchant app (its users, businesses, sales, invoices, orders, online stores, products), read only. */
export const datasetImplementations: readonly Implementation[] = [
  listDatasetUsersHandler,
  listDatasetBusinessesHandler,
  listDatasetSalesHandler,
  listDatasetInvoicesHandler,
  listDatasetOrdersHandler,
  listDatasetOnlineStoresHandler,
  listDatasetProductsHandler,
];
