import {
  type AnyCommand,
  INVOICE_STATUS_WORDS,
  INVOICE_STATUSES,
  listDatasetBusinesses,
  listDatasetInvoices,
  listDatasetOnlineStores,
  listDatasetOrders,
  listDatasetProducts,
  listDatasetSales,
  listDatasetUsers,
  NIGERIAN_STATES,
  ONLINE_ORDER_CHANNEL_WORDS,
  ONLINE_ORDER_CHANNELS,
  ONLINE_ORDER_STATUS_WORDS,
  ONLINE_ORDER_STATUSES,
  ONLINE_STORE_STATUS_WORDS,
  ONLINE_STORE_STATUSES,
  SALE_PAYMENT_METHOD_WORDS,
  SALE_PAYMENT_METHODS,
} from '@traction/core';

/** One dataset the page offers: its name in the URL (`?set=sales`), its tab's label and its list. */
export interface DatasetChoice {
  set: string;
  label: string;
  command: AnyCommand;
  rowNoun: { one: string; other: string };
  description: string;
}

const options = <T extends string>(values: readonly T[], words: Readonly<Record<T, string>>) => values.map((value) => ({ value, label: words[value] }));

/** The datasets in the spec's order; the first is shown when the URL names none. */
export const DATASET_CHOICES: readonly DatasetChoice[] = [
  {
    set: 'users',
    label: 'Users',
    command: listDatasetUsers,
    rowNoun: { one: 'user', other: 'users' },
    description: 'Everyone who signs in to the merchant app, newest first.',
  },
  {
    set: 'businesses',
    label: 'Businesses',
    command: listDatasetBusinesses,
    rowNoun: { one: 'business', other: 'businesses' },
    description: 'Every business, newest first, with its app users, online stores and products.',
  },
  {
    set: 'sales',
    label: 'Sales',
    command: listDatasetSales,
    rowNoun: { one: 'sale', other: 'sales' },
    description: 'Every sale merchants recorded in the app, newest first. A range of dates covers at most 366 days.',
  },
  {
    set: 'invoices',
    label: 'Invoices',
    command: listDatasetInvoices,
    rowNoun: { one: 'invoice', other: 'invoices' },
    description: 'Invoices merchants sent their customers: paid, unpaid or overdue. A range of dates covers at most 366 days.',
  },
  {
    set: 'orders',
    label: 'Orders',
    command: listDatasetOrders,
    rowNoun: { one: 'order', other: 'orders' },
    description: 'Orders customers placed with merchants’ online stores. A range of dates covers at most 366 days.',
  },
  {
    set: 'online-stores',
    label: 'Online stores',
    command: listDatasetOnlineStores,
    rowNoun: { one: 'store', other: 'stores' },
    description: 'Online stores merchants opened in the app, with their products and orders.',
  },
  {
    set: 'products',
    label: 'Products',
    command: listDatasetProducts,
    rowNoun: { one: 'product', other: 'products' },
    description: 'Products merchants listed in the app, with price and stock.',
  },
];

/** The datasets' choices in the words the tables use: states by name, statuses, payment methods, channels. */
export const DATASET_FILTER_OPTIONS = {
  stateCode: NIGERIAN_STATES.map((state) => ({ value: state.code, label: state.name })),
  paymentMethod: options(SALE_PAYMENT_METHODS, SALE_PAYMENT_METHOD_WORDS),
  channel: options(ONLINE_ORDER_CHANNELS, ONLINE_ORDER_CHANNEL_WORDS),
};

/** Status means something different in each dataset. */
export const DATASET_STATUS_OPTIONS: Readonly<Record<string, readonly { value: string; label: string }[]>> = {
  invoices: options(INVOICE_STATUSES, INVOICE_STATUS_WORDS),
  orders: options(ONLINE_ORDER_STATUSES, ONLINE_ORDER_STATUS_WORDS),
  'online-stores': options(ONLINE_STORE_STATUSES, ONLINE_STORE_STATUS_WORDS),
};
