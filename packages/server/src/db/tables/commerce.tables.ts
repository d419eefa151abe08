import type { InvoiceStatus, OnlineOrderChannel, OnlineOrderStatus, OnlineStoreStatus, SalePaymentMethod } from '@traction/core';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '../column-types';

/** Kobo: read as bigint, written as either. */
type Kobo = ColumnType<bigint, bigint | number, bigint | number>;
/** A calendar day: read as YYYY-MM-DD text (the pg type parser), written as text. */
type Day = ColumnType<string, string, string>;
type CreatedAtGiven = ColumnType<Date, Date | string | undefined, never>;

/** A merchant's online store in the merchant app (0045). */
export interface OnlineStoresTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  slug: string;
  status: OnlineStoreStatus;
  created_at: CreatedAtGiven;
}

/** A product of a merchant's catalogue (0045). */
export interface ProductsTable {
  id: Generated<number>;
  business_id: number;
  online_store_id: number | null;
  name: string;
  sku: string;
  category: string;
  price: Kobo;
  stock: number;
  created_at: CreatedAtGiven;
}

/** An order placed with an online store (0045). */
export interface OnlineOrdersTable {
  id: Generated<number>;
  online_store_id: number;
  business_id: number;
  reference: string;
  customer_name: string;
  customer_phone: string;
  status: OnlineOrderStatus;
  channel: OnlineOrderChannel;
  total: Kobo;
  created_at: CreatedAtGiven;
}

/** An invoice a merchant sent (0045). */
export interface InvoicesTable {
  id: Generated<number>;
  business_id: number;
  number: string;
  customer_name: string;
  customer_email: string | null;
  status: InvoiceStatus;
  amount: Kobo;
  due_date: Day;
  paid_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A sale a merchant recorded in the app (0045). */
export interface SalesTable {
  id: Generated<number>;
  business_id: number;
  product_id: number | null;
  quantity: Generated<number>;
  payment_method: SalePaymentMethod;
  amount: Kobo;
  created_at: Timestamp;
}
