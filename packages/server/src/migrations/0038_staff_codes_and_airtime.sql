-- Issue 19: staff referral codes with the merchants who signed up with them, and airtime and
-- data rates per network with the history of every change.

-- A referral code belongs to one staff member. Codes are 6 to 10 capital letters and digits,
-- kept upper-case, so the unique index makes them unique whatever the case people type.
create table staff_codes (
  id integer generated always as identity primary key,
  code text not null check (code ~ '^[A-Z0-9]{6,10}$'),
  name text not null check (length(name) between 2 and 120),
  email text not null check (email = lower(email) and length(email) between 3 and 254),
  -- A Nigerian mobile number as +234XXXXXXXXXX (core's normaliseNigerianPhone).
  phone text not null check (phone ~ '^\+234[789][01][0-9]{8}$'),
  -- Role or title, what the public portal shows ("Merchant Sales Officer").
  role text not null check (length(role) between 2 and 80),
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'DEACTIVATED')),
  -- The photo's bytes live in the file store under photo_key; what they are is kept here.
  photo_key text check (photo_key ~ '^[0-9a-f]{64}$'),
  photo_type text check (photo_type in ('image/jpeg', 'image/png')),
  photo_size integer check (photo_size > 0),
  photo_sha256 text check (photo_sha256 ~ '^[0-9a-f]{64}$'),
  status_reason text,
  status_changed_at timestamptz,
  status_changed_by integer references admins (id),
  created_by integer references admins (id),
  created_at timestamptz not null default now(),
  check ((photo_key is null) = (photo_type is null) and (photo_key is null) = (photo_size is null))
);

create unique index staff_codes_code on staff_codes (code);
-- A staff member (by work email) holds one active code; a deactivated code's owner may get a new one.
create unique index staff_codes_active_email on staff_codes (email) where status = 'ACTIVE';
create index staff_codes_status on staff_codes (status, id desc);
-- Prefix searches by name and email (lower(...) like 'text%').
create index staff_codes_name_prefix on staff_codes (lower(name) text_pattern_ops);
create index staff_codes_email_prefix on staff_codes (email text_pattern_ops);

-- The staff code a merchant signed up with: at most one per business. A code with sign-ups cannot
-- be deleted (no cascade), only deactivated.
create table business_referrals (
  business_id integer primary key references businesses (id) on delete cascade,
  staff_code_id integer not null references staff_codes (id),
  referred_at timestamptz not null default now()
);
create index business_referrals_code on business_referrals (staff_code_id, referred_at);

-- What the company sells airtime and data at, per network: the discount the network (or the
-- aggregator) gives the company, and the part of it the selling merchant earns, in basis points
-- of the face value (300 = 3%); the smallest and largest single purchase, in kobo.
create table airtime_rates (
  id integer generated always as identity primary key,
  network text not null check (network in ('MTN', 'AIRTEL', 'GLO', '9MOBILE')),
  product text not null check (product in ('AIRTIME', 'DATA')),
  company_discount_bps integer not null check (company_discount_bps between 0 and 10000),
  merchant_commission_bps integer not null check (merchant_commission_bps between 0 and 10000),
  min_amount bigint not null check (min_amount > 0),
  max_amount bigint not null,
  active boolean not null default true,
  created_by integer references admins (id),
  created_at timestamptz not null default now(),
  updated_by integer references admins (id),
  updated_at timestamptz not null default now(),
  -- The merchant's commission comes out of the company's discount: never more than it.
  check (merchant_commission_bps <= company_discount_bps),
  check (max_amount >= min_amount),
  unique (network, product)
);

-- Each change of a rate: whole before and after snapshots, who, when and why.
create table airtime_rate_changes (
  id integer generated always as identity primary key,
  rate_id integer not null references airtime_rates (id),
  change text not null check (change in ('created', 'changed', 'activated', 'deactivated')),
  before jsonb,
  after jsonb not null,
  summary text not null,
  reason text,
  changed_by integer references admins (id),
  changed_at timestamptz not null default now()
);
create index airtime_rate_changes_rate on airtime_rate_changes (rate_id, id);
