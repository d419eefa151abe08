import { type DatasetInvoice, type DatasetOrder, type DatasetSale, koboFromDatabase, stateName } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import { checkedText, type CsvColumns } from '../../handling/csv-sql';
import { stateNameSql } from '../merchants/index';
import { type CreatedRange, scopeDataset } from './dataset-scope';

/** Every sale with its business and product. */
export function saleQuery(db: Db) {
  return db
    .selectFrom('sales as x')
    .innerJoin('businesses as b', 'b.id', 'x.business_id')
    .leftJoin('products as p', 'p.id', 'x.product_id')
    .select([
      'x.id',
      'x.created_at',
      'x.business_id',
      'b.name as business_name',
      'b.state_code',
      'x.product_id',
      'p.name as product_name',
      'x.quantity',
      'x.payment_method',
      'x.amount',
    ]);
}
type SaleQuery = ReturnType<typeof saleQuery>;

export function filterSales(
  query: SaleQuery,
  filters: CreatedRange & {
    search?: string | undefined;
    paymentMethod?: DatasetSale['paymentMethod'] | undefined;
    businessId?: number | undefined;
    stateCode?: string | undefined;
  },
): SaleQuery {
  let out = scopeDataset(query, 'x', filters);
  if (filters.paymentMethod) out = out.where('x.payment_method', '=', filters.paymentMethod);
  if (filters.stateCode) out = out.where('b.state_code', '=', filters.stateCode);
  const search = filters.search?.trim();
  if (search) out = out.where(sql<string>`lower(b.name)`, 'like', lowerPrefixPattern(search));
  return out;
}

export const toDatasetSale = (row: RowOf<typeof saleQuery>): DatasetSale => ({
  id: row.id,
  createdAt: isoTimestamp(row.created_at),
  businessId: row.business_id,
  businessName: row.business_name,
  stateCode: row.state_code,
  state: stateName(row.state_code),
  productId: row.product_id,
  productName: row.product_name ?? null,
  quantity: row.quantity,
  paymentMethod: row.payment_method,
  amount: koboFromDatabase(row.amount),
});

export const datasetSaleCsv: CsvColumns<DatasetSale> = {
  id: 'x.id',
  createdAt: 'x.created_at',
  businessName: 'b.name',
  productName: 'p.name',
  quantity: 'x.quantity',
  paymentMethod: 'x.payment_method',
  amount: 'x.amount',
  state: stateNameSql,
};

/** Every invoice with its business. */
export function invoiceQuery(db: Db) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('businesses as b', 'b.id', 'i.business_id')
    .select([
      'i.id',
      'i.number',
      'i.created_at',
      'i.business_id',
      'b.name as business_name',
      'i.customer_name',
      'i.customer_email',
      'i.status',
      'i.amount',
      'i.due_date',
      'i.paid_at',
    ]);
}
type InvoiceQuery = ReturnType<typeof invoiceQuery>;

export function filterInvoices(
  query: InvoiceQuery,
  filters: CreatedRange & { search?: string | undefined; status?: DatasetInvoice['status'] | undefined; businessId?: number | undefined },
): InvoiceQuery {
  let out = scopeDataset(query, 'i', filters);
  if (filters.status) out = out.where('i.status', '=', filters.status);
  const search = filters.search?.trim();
  if (search)
    out = out.where((eb) => eb.or([eb('i.number', '=', search.toUpperCase()), eb(sql<string>`lower(i.customer_name)`, 'like', lowerPrefixPattern(search))]));
  return out;
}

export const toDatasetInvoice = (row: RowOf<typeof invoiceQuery>): DatasetInvoice => ({
  id: row.id,
  number: row.number,
  createdAt: isoTimestamp(row.created_at),
  businessId: row.business_id,
  businessName: row.business_name,
  customerName: row.customer_name,
  customerEmail: row.customer_email,
  status: row.status,
  amount: koboFromDatabase(row.amount),
  dueDate: row.due_date,
  paidAt: isoTimestampOrNull(row.paid_at),
});

export const datasetInvoiceCsv: CsvColumns<DatasetInvoice> = {
  id: 'i.id',
  // Checked by the table (`INV-` and digits): no formula can start it.
  number: checkedText('i.number'),
  createdAt: 'i.created_at',
  businessName: 'b.name',
  customerName: 'i.customer_name',
  customerEmail: 'i.customer_email',
  status: 'i.status',
  amount: 'i.amount',
  dueDate: 'i.due_date',
  paidAt: 'i.paid_at',
};

/** Every online-store order with its business and store. */
export function orderQuery(db: Db) {
  return db
    .selectFrom('online_orders as o')
    .innerJoin('businesses as b', 'b.id', 'o.business_id')
    .innerJoin('online_stores as s', 's.id', 'o.online_store_id')
    .select([
      'o.id',
      'o.reference',
      'o.created_at',
      'o.business_id',
      'b.name as business_name',
      'o.online_store_id',
      's.name as store_name',
      'o.customer_name',
      'o.customer_phone',
      'o.status',
      'o.channel',
      'o.total',
    ]);
}
type OrderQuery = ReturnType<typeof orderQuery>;

export function filterOrders(
  query: OrderQuery,
  filters: CreatedRange & {
    search?: string | undefined;
    status?: DatasetOrder['status'] | undefined;
    channel?: DatasetOrder['channel'] | undefined;
    businessId?: number | undefined;
  },
): OrderQuery {
  let out = scopeDataset(query, 'o', filters);
  if (filters.status) out = out.where('o.status', '=', filters.status);
  if (filters.channel) out = out.where('o.channel', '=', filters.channel);
  const search = filters.search?.trim();
  if (search)
    out = out.where((eb) => eb.or([eb('o.reference', '=', search.toUpperCase()), eb(sql<string>`lower(o.customer_name)`, 'like', lowerPrefixPattern(search))]));
  return out;
}

export const toDatasetOrder = (row: RowOf<typeof orderQuery>): DatasetOrder => ({
  id: row.id,
  reference: row.reference,
  createdAt: isoTimestamp(row.created_at),
  businessId: row.business_id,
  businessName: row.business_name,
  onlineStoreId: row.online_store_id,
  storeName: row.store_name,
  customerName: row.customer_name,
  customerPhone: row.customer_phone,
  status: row.status,
  channel: row.channel,
  total: koboFromDatabase(row.total),
});

export const datasetOrderCsv: CsvColumns<DatasetOrder> = {
  id: 'o.id',
  // Checked by the table (`ORD-` and letters or digits).
  reference: checkedText('o.reference'),
  createdAt: 'o.created_at',
  businessName: 'b.name',
  storeName: 's.name',
  customerName: 'o.customer_name',
  customerPhone: 'o.customer_phone',
  status: 'o.status',
  channel: 'o.channel',
  total: 'o.total',
};
