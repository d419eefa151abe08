import {
  listDatasetBusinesses,
  listDatasetInvoices,
  listDatasetOnlineStores,
  listDatasetOrders,
  listDatasetProducts,
  listDatasetSales,
  listDatasetUsers,
  rangeBoundToDate,
} from '@traction/core';
import { implementList } from '../../handling/implement';
import type { CreatedRange } from './dataset-scope';
import {
  appUserQuery,
  datasetBusinessCsv,
  datasetBusinessQuery,
  datasetOnlineStoreCsv,
  datasetProductCsv,
  datasetUserCsv,
  filterAppUsers,
  filterDatasetBusinesses,
  filterOnlineStores,
  filterProducts,
  onlineStoreQuery,
  productQuery,
  toDatasetBusiness,
  toDatasetOnlineStore,
  toDatasetProduct,
  toDatasetUser,
} from './app-directory.repository';
import {
  datasetInvoiceCsv,
  datasetOrderCsv,
  datasetSaleCsv,
  filterInvoices,
  filterOrders,
  filterSales,
  invoiceQuery,
  orderQuery,
  saleQuery,
  toDatasetInvoice,
  toDatasetOrder,
  toDatasetSale,
} from './app-trade.repository';

/** The range every dataset takes, as instants (a date alone covering its whole Lagos day). */
const createdRange = (input: { startdatetime?: string | undefined; enddatetime?: string | undefined }): CreatedRange => ({
  from: input.startdatetime ? rangeBoundToDate(input.startdatetime, 'start') : undefined,
  to: input.enddatetime ? rangeBoundToDate(input.enddatetime, 'end') : undefined,
});

export const listDatasetUsersHandler = implementList(listDatasetUsers, ({ input, ctx }) => ({
  query: filterAppUsers(appUserQuery(ctx.db), { ...input, ...createdRange(input) }),
  cursor: { column: 'u.id', key: 'id', direction: 'desc' },
  map: toDatasetUser,
  csv: datasetUserCsv,
}));

export const listDatasetBusinessesHandler = implementList(listDatasetBusinesses, ({ input, ctx }) => ({
  query: filterDatasetBusinesses(datasetBusinessQuery(ctx.db), { ...input, ...createdRange(input) }),
  cursor: { column: 'b.id', key: 'id', direction: 'desc' },
  map: toDatasetBusiness,
  csv: datasetBusinessCsv,
}));

export const listDatasetSalesHandler = implementList(listDatasetSales, ({ input, ctx }) => ({
  query: filterSales(saleQuery(ctx.db), { ...input, ...createdRange(input) }),
  cursor: { column: 'x.id', key: 'id', direction: 'desc' },
  map: toDatasetSale,
  csv: datasetSaleCsv,
}));

export const listDatasetInvoicesHandler = implementList(listDatasetInvoices, ({ input, ctx }) => ({
  query: filterInvoices(invoiceQuery(ctx.db), { ...input, ...createdRange(input) }),
  cursor: { column: 'i.id', key: 'id', direction: 'desc' },
  map: toDatasetInvoice,
  csv: datasetInvoiceCsv,
}));

export const listDatasetOrdersHandler = implementList(listDatasetOrders, ({ input, ctx }) => ({
  query: filterOrders(orderQuery(ctx.db), { ...input, ...createdRange(input) }),
  cursor: { column: 'o.id', key: 'id', direction: 'desc' },
  map: toDatasetOrder,
  csv: datasetOrderCsv,
}));

export const listDatasetOnlineStoresHandler = implementList(listDatasetOnlineStores, ({ input, ctx }) => ({
  query: filterOnlineStores(onlineStoreQuery(ctx.db), { ...input, ...createdRange(input) }),
  cursor: { column: 's.id', key: 'id', direction: 'desc' },
  map: toDatasetOnlineStore,
  csv: datasetOnlineStoreCsv,
}));

export const listDatasetProductsHandler = implementList(listDatasetProducts, ({ input, ctx }) => ({
  query: filterProducts(productQuery(ctx.db), { ...input, ...createdRange(input) }),
  cursor: { column: 'p.id', key: 'id', direction: 'desc' },
  map: toDatasetProduct,
  csv: datasetProductCsv,
}));
