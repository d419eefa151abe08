import type { AnyCommand } from '../../command';
import {
  listDatasetBusinesses,
  listDatasetInvoices,
  listDatasetOnlineStores,
  listDatasetOrders,
  listDatasetProducts,
  listDatasetSales,
  listDatasetUsers,
} from './datasets';

export * from './dataset-facts';
export * from './datasets';

/** The Datasets page's lists of what merchants do in the merchant app, in the spec's order. */
export const datasetCommands = [
  listDatasetUsers,
  listDatasetBusinesses,
  listDatasetSales,
  listDatasetInvoices,
  listDatasetOrders,
  listDatasetOnlineStores,
  listDatasetProducts,
] as const satisfies readonly AnyCommand[];
