-- Issue 21: what merchants sell through the company's merchant app (online stores, products,
-- orders, invoices, sales). The app writes them; the console reads them as Datasets. Money is
-- kobo. Every list pages newest first by id and filters a range of created_at, so each table has
-- an index on created_at beside the per-merchant one. The app's users are business_users (0004).

create table online_stores (
  id integer generated always as identity primary key,
  business_id integer not null references businesses (id),
  name text not null check (length(name) between 2 and 120),
  -- The store's address on the app's storefront domain: unique, lower case.
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{1,78}[a-z0-9]$'),
  status text not null check (status in ('ACTIVE', 'PAUSED', 'CLOSED')),
  created_at timestamptz not null default now()
);
create index online_stores_created on online_stores (created_at);
create index online_stores_business on online_stores (business_id, id desc);
create index online_stores_status on online_stores (status, id desc);
create index online_stores_name_prefix on online_stores (lower(name) text_pattern_ops);

-- A product of a merchant's catalogue; on sale online when it names one of the merchant's stores.
create table products (
  id integer generated always as identity primary key,
  business_id integer not null references businesses (id),
  online_store_id integer references online_stores (id),
  name text not null check (length(name) between 1 and 160),
  sku text not null check (length(sku) between 1 and 64),
  category text not null check (length(category) between 1 and 60),
  price bigint not null check (price >= 0),
  stock integer not null check (stock >= 0),
  created_at timestamptz not null default now(),
  unique (business_id, sku)
);
create index products_created on products (created_at);
create index products_business on products (business_id, id desc);
create index products_name_prefix on products (lower(name) text_pattern_ops);
create index products_sku on products (upper(sku));

-- An order placed with a merchant's online store.
create table online_orders (
  id integer generated always as identity primary key,
  online_store_id integer not null references online_stores (id),
  business_id integer not null references businesses (id),
  reference text not null unique check (reference ~ '^ORD-[0-9A-Z]{8,20}$'),
  customer_name text not null check (length(customer_name) between 2 and 120),
  customer_phone text not null check (customer_phone ~ '^\+234[789][01][0-9]{8}$'),
  status text not null check (status in ('PENDING', 'PAID', 'SHIPPED', 'DELIVERED', 'CANCELLED')),
  channel text not null check (channel in ('WEB', 'WHATSAPP', 'INSTAGRAM', 'FACEBOOK')),
  total bigint not null check (total > 0),
  created_at timestamptz not null default now()
);
create index online_orders_created on online_orders (created_at);
create index online_orders_business on online_orders (business_id, id desc);
create index online_orders_status on online_orders (status, id desc);
create index online_orders_customer_prefix on online_orders (lower(customer_name) text_pattern_ops);

-- An invoice a merchant sent a customer. The app marks it OVERDUE when its due date passes unpaid.
create table invoices (
  id integer generated always as identity primary key,
  business_id integer not null references businesses (id),
  number text not null check (number ~ '^INV-[0-9]{4,12}$'),
  customer_name text not null check (length(customer_name) between 2 and 120),
  customer_email text check (customer_email = lower(customer_email)),
  status text not null check (status in ('PAID', 'UNPAID', 'OVERDUE')),
  amount bigint not null check (amount > 0),
  due_date date not null,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  unique (business_id, number),
  check ((status = 'PAID') = (paid_at is not null))
);
create index invoices_created on invoices (created_at);
create index invoices_business on invoices (business_id, id desc);
create index invoices_status on invoices (status, id desc);
create index invoices_customer_prefix on invoices (lower(customer_name) text_pattern_ops);

-- Every sale a merchant recorded in the app: of a product (with its quantity) or of an amount
-- alone. The largest of these tables (millions of rows), so it keeps only what the list shows.
create table sales (
  id integer generated always as identity primary key,
  business_id integer not null references businesses (id),
  product_id integer references products (id),
  quantity integer not null default 1 check (quantity > 0),
  payment_method text not null check (payment_method in ('CASH', 'CARD', 'TRANSFER')),
  amount bigint not null check (amount > 0),
  created_at timestamptz not null
);
create index sales_created on sales (created_at);
create index sales_business on sales (business_id, id desc);

-- getusers lists the app's users newest first over a date range.
create index business_users_created on business_users (created_at);
