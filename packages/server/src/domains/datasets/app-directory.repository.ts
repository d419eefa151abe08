import { type DatasetBusiness, type DatasetOnlineStore, type DatasetProduct, type DatasetUser, koboFromDatabase, stateName } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import type { CsvColumns } from '../../handling/csv-sql';
import { stateNameSql } from '../merchants/index';
import { type CreatedRange, scopeDataset } from './dataset-scope';

const userStatusSql = sql<'active' | 'invited'>`case when u.password_hash is null then 'invited' else 'active' end`;

/** The merchant app's users (business_users) with their business. */
export function appUserQuery(db: Db) {
  return db
    .selectFrom('business_users as u')
    .innerJoin('businesses as b', 'b.id', 'u.business_id')
    .select([
      'u.id',
      'u.business_id',
      'b.name as business_name',
      'b.state_code',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.role',
      'u.last_login_at',
      'u.created_at',
    ])
    .select(userStatusSql.as('status'));
}
type AppUserQuery = ReturnType<typeof appUserQuery>;

export function filterAppUsers(
  query: AppUserQuery,
  filters: CreatedRange & {
    search?: string | undefined;
    role?: DatasetUser['role'] | undefined;
    businessId?: number | undefined;
    stateCode?: string | undefined;
  },
): AppUserQuery {
  let out = scopeDataset(query, 'u', filters);
  if (filters.role) out = out.where('u.role', '=', filters.role);
  if (filters.stateCode) out = out.where('b.state_code', '=', filters.stateCode);
  const search = filters.search?.trim();
  if (search) {
    const prefix = lowerPrefixPattern(search);
    out = out.where((eb) =>
      eb.or([
        eb(sql<string>`lower(u.email)`, 'like', prefix),
        eb(sql<string>`lower(u.last_name)`, 'like', prefix),
        eb(sql<string>`lower(u.first_name || ' ' || u.last_name)`, 'like', prefix),
      ]),
    );
  }
  return out;
}

export const toDatasetUser = (row: RowOf<typeof appUserQuery>): DatasetUser => ({
  id: row.id,
  businessId: row.business_id,
  businessName: row.business_name,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  role: row.role,
  status: row.status,
  stateCode: row.state_code,
  state: stateName(row.state_code),
  lastLoginAt: isoTimestampOrNull(row.last_login_at),
  createdAt: isoTimestamp(row.created_at),
});

export const datasetUserCsv: CsvColumns<DatasetUser> = {
  id: 'u.id',
  createdAt: 'u.created_at',
  firstName: 'u.first_name',
  lastName: 'u.last_name',
  email: 'u.email',
  phone: 'u.phone',
  role: 'u.role',
  status: userStatusSql,
  businessName: 'b.name',
  state: stateNameSql,
  lastLoginAt: 'u.last_login_at',
};

const countOf = (table: 'business_users' | 'online_stores' | 'products' | 'online_orders', column: string, owner: string) =>
  sql<number>`(select count(*)::int from ${sql.table(table)} x where x.${sql.ref(column)} = ${sql.ref(owner)})`;
const businessUsersSql = countOf('business_users', 'business_id', 'b.id');
const businessStoresSql = countOf('online_stores', 'business_id', 'b.id');
const businessProductsSql = countOf('products', 'business_id', 'b.id');

/** Every business with how much of the app it uses. */
export function datasetBusinessQuery(db: Db) {
  return db
    .selectFrom('businesses as b')
    .select(['b.id', 'b.name', 'b.email', 'b.phone', 'b.category', 'b.state_code', 'b.created_at'])
    .select([businessUsersSql.as('users'), businessStoresSql.as('online_stores'), businessProductsSql.as('products')]);
}
type DatasetBusinessQuery = ReturnType<typeof datasetBusinessQuery>;

export function filterDatasetBusinesses(
  query: DatasetBusinessQuery,
  filters: CreatedRange & { search?: string | undefined; stateCode?: string | undefined; category?: string | undefined },
): DatasetBusinessQuery {
  let out = scopeDataset(query, 'b', filters);
  if (filters.stateCode) out = out.where('b.state_code', '=', filters.stateCode);
  if (filters.category) out = out.where('b.category', '=', filters.category);
  const search = filters.search?.trim();
  if (search) {
    const prefix = lowerPrefixPattern(search);
    out = out.where((eb) => eb.or([eb(sql<string>`lower(b.name)`, 'like', prefix), eb(sql<string>`lower(b.email)`, 'like', prefix)]));
  }
  return out;
}

export const toDatasetBusiness = (row: RowOf<typeof datasetBusinessQuery>): DatasetBusiness => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  category: row.category,
  stateCode: row.state_code,
  state: stateName(row.state_code),
  users: Number(row.users),
  onlineStores: Number(row.online_stores),
  products: Number(row.products),
  createdAt: isoTimestamp(row.created_at),
});

export const datasetBusinessCsv: CsvColumns<DatasetBusiness> = {
  id: 'b.id',
  createdAt: 'b.created_at',
  name: 'b.name',
  email: 'b.email',
  phone: 'b.phone',
  category: 'b.category',
  state: stateNameSql,
  users: businessUsersSql,
  onlineStores: businessStoresSql,
  products: businessProductsSql,
};

const storeProductsSql = countOf('products', 'online_store_id', 's.id');
const storeOrdersSql = countOf('online_orders', 'online_store_id', 's.id');

/** Every online store with its business and how much it sells. */
export function onlineStoreQuery(db: Db) {
  return db
    .selectFrom('online_stores as s')
    .innerJoin('businesses as b', 'b.id', 's.business_id')
    .select(['s.id', 's.name', 's.slug', 's.status', 's.business_id', 'b.name as business_name', 'b.state_code', 's.created_at'])
    .select([storeProductsSql.as('products'), storeOrdersSql.as('orders')]);
}
type OnlineStoreQuery = ReturnType<typeof onlineStoreQuery>;

export function filterOnlineStores(
  query: OnlineStoreQuery,
  filters: CreatedRange & {
    search?: string | undefined;
    status?: DatasetOnlineStore['status'] | undefined;
    businessId?: number | undefined;
    stateCode?: string | undefined;
  },
): OnlineStoreQuery {
  let out = scopeDataset(query, 's', filters);
  if (filters.status) out = out.where('s.status', '=', filters.status);
  if (filters.stateCode) out = out.where('b.state_code', '=', filters.stateCode);
  const search = filters.search?.trim();
  if (search) out = out.where((eb) => eb.or([eb(sql<string>`lower(s.name)`, 'like', lowerPrefixPattern(search)), eb('s.slug', '=', search.toLowerCase())]));
  return out;
}

export const toDatasetOnlineStore = (row: RowOf<typeof onlineStoreQuery>): DatasetOnlineStore => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  status: row.status,
  businessId: row.business_id,
  businessName: row.business_name,
  stateCode: row.state_code,
  state: stateName(row.state_code),
  products: Number(row.products),
  orders: Number(row.orders),
  createdAt: isoTimestamp(row.created_at),
});

export const datasetOnlineStoreCsv: CsvColumns<DatasetOnlineStore> = {
  id: 's.id',
  createdAt: 's.created_at',
  name: 's.name',
  slug: 's.slug',
  status: 's.status',
  businessName: 'b.name',
  state: stateNameSql,
  products: storeProductsSql,
  orders: storeOrdersSql,
};

/** Every product with its business and online store. */
export function productQuery(db: Db) {
  return db
    .selectFrom('products as p')
    .innerJoin('businesses as b', 'b.id', 'p.business_id')
    .leftJoin('online_stores as s', 's.id', 'p.online_store_id')
    .select([
      'p.id',
      'p.name',
      'p.sku',
      'p.category',
      'p.price',
      'p.stock',
      'p.business_id',
      'b.name as business_name',
      'p.online_store_id',
      's.name as store_name',
      'p.created_at',
    ]);
}
type ProductQuery = ReturnType<typeof productQuery>;

export function filterProducts(
  query: ProductQuery,
  filters: CreatedRange & { search?: string | undefined; category?: string | undefined; businessId?: number | undefined },
): ProductQuery {
  let out = scopeDataset(query, 'p', filters);
  if (filters.category) out = out.where(sql<string>`lower(p.category)`, '=', filters.category.toLowerCase());
  const search = filters.search?.trim();
  if (search)
    out = out.where((eb) =>
      eb.or([eb(sql<string>`lower(p.name)`, 'like', lowerPrefixPattern(search)), eb(sql<string>`upper(p.sku)`, '=', search.toUpperCase())]),
    );
  return out;
}

export const toDatasetProduct = (row: RowOf<typeof productQuery>): DatasetProduct => ({
  id: row.id,
  name: row.name,
  sku: row.sku,
  category: row.category,
  price: koboFromDatabase(row.price),
  stock: row.stock,
  businessId: row.business_id,
  businessName: row.business_name,
  onlineStoreId: row.online_store_id,
  storeName: row.store_name ?? null,
  createdAt: isoTimestamp(row.created_at),
});

export const datasetProductCsv: CsvColumns<DatasetProduct> = {
  id: 'p.id',
  createdAt: 'p.created_at',
  name: 'p.name',
  sku: 'p.sku',
  category: 'p.category',
  price: 'p.price',
  stock: 'p.stock',
  businessName: 'b.name',
  storeName: 's.name',
};
