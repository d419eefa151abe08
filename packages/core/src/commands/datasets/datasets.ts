import { z } from 'zod';
import { defineCommand, type ListColumn } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { businessCategoryField, businessUserRole, stateCodeField } from '../../schemas/business';
import { dateTimeParam, idField, searchField, timestamp } from '../../schemas/common';
import { koboAmount } from '../../schemas/money';
import {
  checkDatasetRange,
  DATASET_MAX_RANGE_DAYS,
  INVOICE_STATUS_WORDS,
  invoiceStatusField,
  ONLINE_ORDER_CHANNEL_WORDS,
  ONLINE_ORDER_STATUS_WORDS,
  ONLINE_STORE_STATUS_WORDS,
  onlineOrderChannelField,
  onlineOrderStatusField,
  onlineStoreStatusField,
  SALE_PAYMENT_METHOD_WORDS,
  salePaymentMethodField,
} from './dataset-facts';

/**
 * Datasets (issue 21, spec §7 "Datasets"): what merchants do in the company's merchant app (its
 * users, the businesses, their sales, invoices, online-store orders, online stores and products),
 * each a list of 100 rows a page over a range of creation dates, downloadable as CSV with
 * `download=csv`. Paths are the spec's. The spec's separate download names map onto these lists
 * (`DATASET_DOWNLOAD_NAMES`; docs/decisions.md, "Datasets (issue 21)").
 */
const DATASET_ROUTE = '/dataset';

const BUSINESS_USER_ROLE_WORDS = { owner: 'Owner', manager: 'Manager', cashier: 'Cashier' } as const;

const range = (what: string) => ({
  startdatetime: dateTimeParam.optional().meta({ label: `${what} from` }),
  enddatetime: dateTimeParam.optional().meta({ label: `${what} to` }),
});
const businessFilter = { businessId: idField.optional().meta({ label: 'Merchant (business ID)' }) };

const listSpec = (columns: readonly ListColumn[], rowName: string) => ({
  route: DATASET_ROUTE,
  pageSize: PAGE_SIZE,
  rowKey: 'id',
  searchField: 'search',
  dateRange: { from: 'startdatetime', to: 'enddatetime' },
  rowName,
  csv: true,
  columns,
});
const LIMITED = `A range of dates may cover at most ${DATASET_MAX_RANGE_DAYS} days.`;

const col = {
  id: (label: string): ListColumn => ({ key: 'id', label, kind: 'id' }),
  createdAt: (label: string): ListColumn => ({ key: 'createdAt', label, kind: 'datetime', priority: 'high' }),
  businessName: { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high' },
  state: { key: 'state', label: 'State', kind: 'text', priority: 'low' },
} as const satisfies Record<string, ListColumn | ((label: string) => ListColumn)>;

export const datasetUser = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** `+234…`. */
  phone: z.string(),
  role: businessUserRole.meta({ words: BUSINESS_USER_ROLE_WORDS }),
  /** `invited` until they set a password through their link. */
  status: z.enum(['active', 'invited']),
  /** The business's two-letter state code and its name. */
  stateCode: z.string(),
  state: z.string(),
  lastLoginAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type DatasetUser = z.infer<typeof datasetUser>;

export const listDatasetUsers = defineCommand({
  id: 'app-users.list',
  group: 'app-users',
  action: 'list',
  title: 'List the merchant app’s users',
  description:
    'Datasets, users: everyone who signs in to the merchant app, one row per business they belong to, newest first. Search matches the start of the name or email.',
  keywords: ['datasets', 'getusers', 'users_download', 'merchant app users', 'app users'],
  method: 'GET',
  path: '/v1/auth/reports/getusers',
  permission: 'datasets.view',
  input: z
    .object({
      ...listPaging,
      search: searchField.optional(),
      ...range('Joined'),
      role: businessUserRole.optional(),
      ...businessFilter,
      stateCode: stateCodeField.optional(),
    })
    .superRefine(checkDatasetRange()),
  output: listOutput(datasetUser),
  list: listSpec(
    [
      col.id('User #'),
      col.createdAt('Joined'),
      { key: 'firstName', label: 'First name', kind: 'text', priority: 'high' },
      { key: 'lastName', label: 'Last name', kind: 'text', priority: 'high' },
      { key: 'email', label: 'Email', kind: 'email' },
      { key: 'phone', label: 'Phone', kind: 'text', width: 17, priority: 'low' },
      { key: 'role', label: 'Role', kind: 'enum', words: BUSINESS_USER_ROLE_WORDS },
      { key: 'status', label: 'Status', kind: 'enum', words: { active: 'Active', invited: 'Invited' } },
      col.businessName,
      col.state,
      { key: 'lastLoginAt', label: 'Last sign-in', kind: 'datetime', priority: 'low' },
    ],
    'email',
  ),
  example: 'traction app-users list --role owner --startdatetime 2026-01-01',
});

export const datasetBusiness = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  category: z.string(),
  stateCode: z.string(),
  state: z.string(),
  /** The business's users of the merchant app, online stores and products. */
  users: z.number().int(),
  onlineStores: z.number().int(),
  products: z.number().int(),
  createdAt: timestamp,
});
export type DatasetBusiness = z.infer<typeof datasetBusiness>;

export const listDatasetBusinesses = defineCommand({
  id: 'app-businesses.list',
  group: 'app-businesses',
  action: 'list',
  title: 'List businesses with their app use',
  description:
    'Datasets, businesses: every business that signed up, newest first, with how many app users, online stores and products it has. Search matches the start of the name or email.',
  keywords: ['datasets', 'getallbusinesses', 'businesseswithtime', 'businesses report'],
  method: 'GET',
  path: '/v1/businesses/reports/getallbusinesses',
  permission: 'datasets.view',
  input: z
    .object({
      ...listPaging,
      search: searchField.optional(),
      ...range('Signed up'),
      stateCode: stateCodeField.optional(),
      category: businessCategoryField.optional(),
    })
    .superRefine(checkDatasetRange()),
  output: listOutput(datasetBusiness),
  list: listSpec(
    [
      col.id('Business #'),
      col.createdAt('Signed up'),
      { key: 'name', label: 'Business', kind: 'text', priority: 'high' },
      { key: 'email', label: 'Email', kind: 'email' },
      { key: 'phone', label: 'Phone', kind: 'text', width: 17, priority: 'low' },
      { key: 'category', label: 'Category', kind: 'text' },
      col.state,
      { key: 'users', label: 'Users', kind: 'number', priority: 'low' },
      { key: 'onlineStores', label: 'Online stores', kind: 'number', priority: 'low' },
      { key: 'products', label: 'Products', kind: 'number', priority: 'low' },
    ],
    'name',
  ),
  example: 'traction app-businesses list --state-code LA --startdatetime 2026-01-01',
});

export const datasetSale = z.object({
  id: z.number().int(),
  createdAt: timestamp,
  businessId: z.number().int(),
  businessName: z.string(),
  stateCode: z.string(),
  state: z.string(),
  /** The product sold; null for a sale of an amount alone. */
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  quantity: z.number().int(),
  paymentMethod: salePaymentMethodField,
  amount: koboAmount,
});
export type DatasetSale = z.infer<typeof datasetSale>;

export const listDatasetSales = defineCommand({
  id: 'sales.list',
  group: 'sales',
  action: 'list',
  title: 'List sales merchants recorded',
  description: `Datasets, sales: every sale merchants recorded in the app (of a product, or of an amount alone), newest first. Search matches the start of the merchant’s name. ${LIMITED}`,
  keywords: ['datasets', 'getallsales', 'saleswithtime', 'merchant sales', 'sales report'],
  method: 'GET',
  path: '/v1/sales/reports/getallsales/',
  permission: 'datasets.view',
  input: z
    .object({
      ...listPaging,
      search: searchField.optional(),
      ...range('Sold'),
      paymentMethod: salePaymentMethodField.optional(),
      ...businessFilter,
      stateCode: stateCodeField.optional(),
    })
    .superRefine(checkDatasetRange(DATASET_MAX_RANGE_DAYS)),
  output: listOutput(datasetSale),
  list: listSpec(
    [
      col.id('Sale #'),
      col.createdAt('Sold'),
      col.businessName,
      { key: 'productName', label: 'Product', kind: 'text', priority: 'medium' },
      { key: 'quantity', label: 'Qty', kind: 'number', priority: 'low' },
      { key: 'paymentMethod', label: 'Paid by', kind: 'enum', words: SALE_PAYMENT_METHOD_WORDS, priority: 'high' },
      { key: 'amount', label: 'Amount', kind: 'money', priority: 'high' },
      col.state,
    ],
    'businessName',
  ),
  example: 'traction sales list --payment-method CARD --startdatetime 2026-11-01 --enddatetime 2026-11-30',
});

export const datasetInvoice = z.object({
  id: z.number().int(),
  number: z.string(),
  createdAt: timestamp,
  businessId: z.number().int(),
  businessName: z.string(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  status: invoiceStatusField,
  amount: koboAmount,
  /** YYYY-MM-DD. */
  dueDate: z.string(),
  paidAt: timestamp.nullable(),
});
export type DatasetInvoice = z.infer<typeof datasetInvoice>;

export const listDatasetInvoices = defineCommand({
  id: 'invoices.list',
  group: 'invoices',
  action: 'list',
  title: 'List invoices merchants sent',
  description: `Datasets, invoices: every invoice merchants sent their customers from the app, newest first, paid, unpaid or overdue. Search matches an invoice number exactly or the start of the customer’s name. ${LIMITED}`,
  keywords: ['datasets', 'getallinvoices', 'merchant invoices', 'overdue invoices'],
  method: 'GET',
  path: '/v1/invoices/admin/report/getallinvoices',
  permission: 'datasets.view',
  input: z
    .object({ ...listPaging, search: searchField.optional(), ...range('Issued'), status: invoiceStatusField.optional(), ...businessFilter })
    .superRefine(checkDatasetRange(DATASET_MAX_RANGE_DAYS)),
  output: listOutput(datasetInvoice),
  list: listSpec(
    [
      col.id('Invoice #'),
      { key: 'number', label: 'Number', kind: 'text', priority: 'high' },
      col.createdAt('Issued'),
      col.businessName,
      { key: 'customerName', label: 'Customer', kind: 'text', priority: 'high' },
      { key: 'customerEmail', label: 'Customer email', kind: 'email', priority: 'low' },
      { key: 'status', label: 'Status', kind: 'enum', words: INVOICE_STATUS_WORDS, priority: 'high' },
      { key: 'amount', label: 'Amount', kind: 'money', priority: 'high' },
      { key: 'dueDate', label: 'Due', kind: 'date' },
      { key: 'paidAt', label: 'Paid', kind: 'datetime', priority: 'low' },
    ],
    'number',
  ),
  example: 'traction invoices list --status OVERDUE',
});

export const datasetOrder = z.object({
  id: z.number().int(),
  reference: z.string(),
  createdAt: timestamp,
  businessId: z.number().int(),
  businessName: z.string(),
  onlineStoreId: z.number().int(),
  storeName: z.string(),
  customerName: z.string(),
  /** `+234…`. */
  customerPhone: z.string(),
  status: onlineOrderStatusField,
  channel: onlineOrderChannelField,
  total: koboAmount,
});
export type DatasetOrder = z.infer<typeof datasetOrder>;

export const listDatasetOrders = defineCommand({
  id: 'orders.list',
  group: 'orders',
  action: 'list',
  title: 'List orders placed with online stores',
  description: `Datasets, orders: every order customers placed with merchants’ online stores, newest first. Search matches an order reference exactly or the start of the customer’s name. ${LIMITED}`,
  keywords: ['datasets', 'getallorders', 'online orders', 'store orders'],
  method: 'GET',
  path: '/v1/orders/admin/reports/getallorders',
  permission: 'datasets.view',
  input: z
    .object({
      ...listPaging,
      search: searchField.optional(),
      ...range('Ordered'),
      status: onlineOrderStatusField.optional(),
      channel: onlineOrderChannelField.optional(),
      ...businessFilter,
    })
    .superRefine(checkDatasetRange(DATASET_MAX_RANGE_DAYS)),
  output: listOutput(datasetOrder),
  list: listSpec(
    [
      col.id('Order #'),
      { key: 'reference', label: 'Reference', kind: 'text', priority: 'high' },
      col.createdAt('Ordered'),
      col.businessName,
      { key: 'storeName', label: 'Store', kind: 'text', priority: 'medium' },
      { key: 'customerName', label: 'Customer', kind: 'text', priority: 'high' },
      { key: 'customerPhone', label: 'Customer phone', kind: 'text', width: 17, priority: 'low' },
      { key: 'status', label: 'Status', kind: 'enum', words: ONLINE_ORDER_STATUS_WORDS, priority: 'high' },
      { key: 'channel', label: 'Channel', kind: 'enum', words: ONLINE_ORDER_CHANNEL_WORDS },
      { key: 'total', label: 'Total', kind: 'money', priority: 'high' },
    ],
    'reference',
  ),
  example: 'traction orders list --status PENDING --channel WHATSAPP',
});

export const datasetOnlineStore = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The store's address on the app's storefront domain. */
  slug: z.string(),
  status: onlineStoreStatusField,
  businessId: z.number().int(),
  businessName: z.string(),
  stateCode: z.string(),
  state: z.string(),
  products: z.number().int(),
  orders: z.number().int(),
  createdAt: timestamp,
});
export type DatasetOnlineStore = z.infer<typeof datasetOnlineStore>;

export const listDatasetOnlineStores = defineCommand({
  id: 'online-stores.list',
  group: 'online-stores',
  action: 'list',
  title: 'List merchants’ online stores',
  description:
    'Datasets, online stores: every online store merchants opened in the app, newest first, with its products and orders. Search matches the start of the store’s name or its address exactly.',
  keywords: ['datasets', 'allonlinestores', 'online stores', 'storefronts'],
  method: 'GET',
  path: '/v1/stores/reports/allonlinestores',
  permission: 'datasets.view',
  input: z
    .object({
      ...listPaging,
      search: searchField.optional(),
      ...range('Opened'),
      status: onlineStoreStatusField.optional(),
      ...businessFilter,
      stateCode: stateCodeField.optional(),
    })
    .superRefine(checkDatasetRange()),
  output: listOutput(datasetOnlineStore),
  list: listSpec(
    [
      col.id('Store #'),
      col.createdAt('Opened'),
      { key: 'name', label: 'Store', kind: 'text', priority: 'high' },
      { key: 'slug', label: 'Address', kind: 'text', priority: 'medium' },
      { key: 'status', label: 'Status', kind: 'enum', words: ONLINE_STORE_STATUS_WORDS, priority: 'high' },
      col.businessName,
      col.state,
      { key: 'products', label: 'Products', kind: 'number', priority: 'low' },
      { key: 'orders', label: 'Orders', kind: 'number', priority: 'low' },
    ],
    'name',
  ),
  example: 'traction online-stores list --status ACTIVE --state-code LA',
});

export const datasetProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  category: z.string(),
  price: koboAmount,
  stock: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  /** The online store it is on sale in; null when it is sold in the shop only. */
  onlineStoreId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  createdAt: timestamp,
});
export type DatasetProduct = z.infer<typeof datasetProduct>;

export const listDatasetProducts = defineCommand({
  id: 'products.list',
  group: 'products',
  action: 'list',
  title: 'List merchants’ products',
  description:
    'Datasets, products: every product merchants listed in the app, newest first, with its price and stock. Search matches the start of the product’s name or a SKU exactly.',
  keywords: ['datasets', 'getallproducts', 'download_products', 'merchant products', 'catalogue'],
  method: 'GET',
  path: '/v1/businesses/reports/getallproducts',
  permission: 'datasets.view',
  input: z
    .object({
      ...listPaging,
      search: searchField.optional(),
      ...range('Added'),
      category: z.string().trim().min(1).max(60).optional().meta({ label: 'Category' }),
      ...businessFilter,
    })
    .superRefine(checkDatasetRange()),
  output: listOutput(datasetProduct),
  list: listSpec(
    [
      col.id('Product #'),
      col.createdAt('Added'),
      { key: 'name', label: 'Product', kind: 'text', priority: 'high' },
      { key: 'sku', label: 'SKU', kind: 'text', priority: 'medium' },
      { key: 'category', label: 'Category', kind: 'text' },
      { key: 'price', label: 'Price', kind: 'money', priority: 'high' },
      { key: 'stock', label: 'Stock', kind: 'number' },
      col.businessName,
      { key: 'storeName', label: 'Online store', kind: 'text', priority: 'low' },
    ],
    'name',
  ),
  example: 'traction products list --search "Indomie"',
});

/**
 * The spec's CSV download names and the list each is (the same rows with `download=csv`):
 * `getallinvoices` and `getallorders` are those lists' own paths; the others name no path of
 * ours. Listed as the commands' palette keywords too, so the old names still find them.
 */
export const DATASET_DOWNLOAD_NAMES: Readonly<Record<string, string>> = {
  users_download: listDatasetUsers.id,
  download_products: listDatasetProducts.id,
  saleswithtime: listDatasetSales.id,
  businesseswithtime: listDatasetBusinesses.id,
  getallinvoices: listDatasetInvoices.id,
  getallorders: listDatasetOrders.id,
};
