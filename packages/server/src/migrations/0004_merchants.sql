-- Merchants (businesses), their users and accounts, KYC, and the risk controls on them.
-- Money is not held here: wallets carry a status only; balances come with the ledger.

-- Option lists the apps read by category (`features?category=BUSINESS_TYPES`).
create table features (
  category text not null,
  code text not null,
  label text not null,
  position integer not null default 0,
  primary key (category, code)
);

create table businesses (
  id serial primary key,
  name text not null,
  email text not null,
  phone text not null,
  category text not null,
  state_code text not null,
  address text not null default '',
  -- CAC registration number (RC or BN), set by corporate verification
  rc_number text,
  bvn text check (bvn is null or bvn ~ '^[0-9]{11}$'),
  sales_agent_email text,
  -- KYC override: exempt from KYC altogether, or from the BVN check only
  kyc_exempt boolean not null default false,
  bvn_exempt boolean not null default false,
  kyc_override_by integer references admins (id),
  kyc_override_at timestamptz,
  is_fraud boolean not null default false,
  fraud_reason text,
  fraud_marked_by integer references admins (id),
  fraud_marked_at timestamptz,
  is_trusted boolean not null default false,
  trusted_by integer references admins (id),
  trusted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- prefix search (`like 'abc%'`) on name and email without extensions, on PGlite and PostgreSQL
create index businesses_name_prefix on businesses (lower(name) text_pattern_ops, id);
create index businesses_email_prefix on businesses (lower(email) text_pattern_ops, id);
create index businesses_created on businesses (created_at, id);
create index businesses_fraud on businesses (id) where is_fraud;
create index businesses_trusted on businesses (id) where is_trusted;
create index businesses_sales_agent on businesses (lower(sales_agent_email), id);

-- A business's outlets: where its terminals are deployed.
create table stores (
  id serial primary key,
  business_id integer not null references businesses (id),
  name text not null,
  address text not null default '',
  state_code text not null,
  created_at timestamptz not null default now()
);
create index stores_business on stores (business_id, id);

-- People who sign in to the merchant apps. One row per business they belong to.
create table business_users (
  id serial primary key,
  business_id integer not null references businesses (id),
  email text not null,
  first_name text not null,
  last_name text not null,
  phone text not null,
  role text not null check (role in ('owner', 'manager', 'cashier')),
  password_hash text,
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  unique (business_id, email)
);
create index business_users_email on business_users (lower(email) text_pattern_ops, id);

-- Single-use password links for business users, handed out by support.
create table business_user_tokens (
  id serial primary key,
  user_id integer not null references business_users (id),
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_by integer references admins (id),
  created_at timestamptz not null default now()
);

-- Merchants' own bank accounts; the settlement account is where their takings are paid.
create table bank_accounts (
  id serial primary key,
  business_id integer not null references businesses (id),
  bank_code text not null,
  bank_name text not null,
  account_number text not null check (account_number ~ '^[0-9]{10}$'),
  account_name text not null,
  is_settlement boolean not null default false,
  verified_at timestamptz,
  created_at timestamptz not null default now(),
  unique (business_id, bank_code, account_number)
);
create unique index bank_accounts_one_settlement on bank_accounts (business_id) where is_settlement;
create index bank_accounts_settlement on bank_accounts (id) where is_settlement;

-- One wallet per business. Its status decides whether money may leave or enter it.
create table wallets (
  uid uuid primary key default gen_random_uuid(),
  business_id integer not null unique references businesses (id),
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'PND', 'FROZEN', 'CLOSED')),
  status_reason text,
  status_changed_by integer references admins (id),
  status_changed_at timestamptz,
  created_at timestamptz not null default now()
);
create index wallets_status on wallets (status, created_at);

-- Virtual (fixed) accounts the banks issue to a business for collections.
create table fixed_accounts (
  id serial primary key,
  business_id integer not null references businesses (id),
  bank text not null check (bank in ('WEMA', 'PROVIDUS', 'VFD')),
  account_number text not null unique check (account_number ~ '^[0-9]{10}$'),
  account_name text not null,
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'DEACTIVATED')),
  blacklisted boolean not null default false,
  blacklist_reason text,
  blacklisted_by integer references admins (id),
  blacklisted_at timestamptz,
  last_activity_at timestamptz,
  created_at timestamptz not null default now()
);
create index fixed_accounts_business on fixed_accounts (business_id);
create index fixed_accounts_created on fixed_accounts (created_at, id);
create index fixed_accounts_blacklisted on fixed_accounts (id) where blacklisted;
create index fixed_accounts_activity on fixed_accounts (last_activity_at, id);

-- What happened to a business, by whom: the Business Logs page and a merchant's history.
create table business_events (
  id bigserial primary key,
  business_id integer not null references businesses (id),
  at timestamptz not null default now(),
  kind text not null,
  message text not null,
  admin_id integer references admins (id),
  details jsonb not null default '{}'
);
create index business_events_business on business_events (business_id, id desc);
create index business_events_at on business_events (at desc, id desc);
create index business_events_kind on business_events (kind, id desc);

create table support_issues (
  id serial primary key,
  business_id integer not null references businesses (id),
  subject text not null,
  body text not null,
  channel text not null check (channel in ('EMAIL', 'PHONE', 'WHATSAPP', 'IN_APP')),
  status text not null default 'OPEN' check (status in ('OPEN', 'IN_PROGRESS', 'RESOLVED')),
  created_at timestamptz not null default now(),
  resolved_at timestamptz
);
create index support_issues_business on support_issues (business_id, id desc);
create index support_issues_status on support_issues (status, id desc);

-- Files people upload (KYC documents). The bytes live in the file store under storage_key.
create table uploads (
  id serial primary key,
  original_name text not null,
  content_type text not null,
  size_bytes integer not null check (size_bytes > 0),
  sha256 text not null,
  storage_key text not null unique,
  business_id integer references businesses (id),
  uploaded_by integer references admins (id),
  created_at timestamptz not null default now()
);

create table kyc_records (
  id serial primary key,
  business_id integer not null references businesses (id),
  verification_type text not null check (verification_type in ('EMAIL', 'PHONE', 'DOCUMENT', 'ADDRESS', 'CORPORATE')),
  -- NIN, BVN, PASSPORT, … for documents; CAC for corporate; null for email and phone
  document_type text,
  id_number text,
  -- the email, phone number or address being verified
  detail text,
  status text not null check (status in ('PENDING', 'PROCESSING', 'APPROVED', 'DISAPPROVED', 'REJECTED')),
  comment text,
  reviewed_by integer references admins (id),
  reviewed_at timestamptz,
  submitted_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index kyc_records_type_status on kyc_records (verification_type, status, id desc);
create index kyc_records_status on kyc_records (status, id desc);
create index kyc_records_business on kyc_records (business_id, id desc);
create index kyc_records_submitted on kyc_records (submitted_at, id);
create index kyc_records_id_number on kyc_records (document_type, id_number);

create table kyc_documents (
  kyc_id integer not null references kyc_records (id),
  upload_id integer not null references uploads (id),
  label text not null,
  primary key (kyc_id, upload_id)
);

-- Every status change of a KYC record, with who made it and why.
create table kyc_events (
  id bigserial primary key,
  kyc_id integer not null references kyc_records (id),
  from_status text,
  to_status text not null,
  comment text,
  admin_id integer references admins (id),
  at timestamptz not null default now()
);
create index kyc_events_kyc on kyc_events (kyc_id, id);

-- Identity numbers that may never be verified again.
create table kyc_id_blacklist (
  id serial primary key,
  id_type text not null,
  id_number text not null,
  note text not null,
  kyc_id integer references kyc_records (id),
  created_by integer references admins (id),
  created_at timestamptz not null default now(),
  unique (id_type, id_number)
);

insert into features (category, code, label, position) values
  ('BUSINESS_TYPES', 'RETAIL', 'Retail shop', 1),
  ('BUSINESS_TYPES', 'SUPERMARKET', 'Supermarket', 2),
  ('BUSINESS_TYPES', 'RESTAURANT', 'Restaurant and food', 3),
  ('BUSINESS_TYPES', 'PHARMACY', 'Pharmacy', 4),
  ('BUSINESS_TYPES', 'FASHION', 'Fashion and apparel', 5),
  ('BUSINESS_TYPES', 'ELECTRONICS', 'Electronics and phones', 6),
  ('BUSINESS_TYPES', 'HOSPITALITY', 'Hotel and hospitality', 7),
  ('BUSINESS_TYPES', 'LOGISTICS', 'Transport and logistics', 8),
  ('BUSINESS_TYPES', 'EDUCATION', 'School and education', 9),
  ('BUSINESS_TYPES', 'HEALTH', 'Hospital and clinic', 10),
  ('BUSINESS_TYPES', 'FUEL', 'Filling station', 11),
  ('BUSINESS_TYPES', 'AGRICULTURE', 'Agriculture', 12),
  ('BUSINESS_TYPES', 'BEAUTY', 'Beauty and salon', 13),
  ('BUSINESS_TYPES', 'TELECOMS', 'Airtime and telecoms', 14),
  ('BUSINESS_TYPES', 'AGENT_BANKING', 'POS agent banking', 15),
  ('BUSINESS_TYPES', 'PROFESSIONAL', 'Professional services', 16),
  ('BUSINESS_TYPES', 'RELIGIOUS', 'Religious organisation', 17),
  ('BUSINESS_TYPES', 'OTHER', 'Other', 99);
