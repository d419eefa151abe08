-- Wallet settings (issue 14): the limits of each KYC tier (CBN tiered KYC), the transfer fee,
-- cashback rules and which businesses earn cashback. The ledger reads the tier limits on every
-- posting that debits a wallet (domains/ledger/limits.ts).

-- One row per KYC tier; null: no limit of that kind. Seeded with the CBN figures.
create table wallet_tier_limits (
  tier integer primary key check (tier between 1 and 3),
  single_debit_limit bigint check (single_debit_limit > 0),
  daily_debit_limit bigint check (daily_debit_limit > 0),
  max_balance bigint check (max_balance > 0),
  updated_by integer references admins (id),
  updated_at timestamptz,
  check (single_debit_limit is null or daily_debit_limit is null or single_debit_limit <= daily_debit_limit)
);
insert into wallet_tier_limits (tier, single_debit_limit, daily_debit_limit, max_balance) values
  (1, 5000000, 5000000, 30000000),
  (2, null, 20000000, 50000000),
  (3, null, 500000000, null);

-- The company-wide wallet settings: one row.
create table wallet_settings (
  id boolean primary key default true check (id),
  -- Kobo charged on each transfer out of a wallet (₦25.00 by default).
  transfer_fee bigint not null check (transfer_fee > 0),
  transfer_fee_updated_by integer references admins (id),
  transfer_fee_updated_at timestamptz
);
insert into wallet_settings (id, transfer_fee) values (true, 2500);

create table cashback_rules (
  id serial primary key,
  name text not null,
  percentage_bp integer not null check (percentage_bp between 1 and 10000),
  cap bigint not null check (cap > 0),
  minimum_transaction bigint not null default 0 check (minimum_transaction >= 0),
  applies_to text not null default 'pos_credit' check (applies_to in ('pos_credit')),
  active boolean not null default true,
  created_by integer references admins (id),
  created_at timestamptz not null default now(),
  updated_by integer references admins (id),
  updated_at timestamptz not null default now()
);
create index cashback_rules_active on cashback_rules (applies_to, id) where active;

-- Businesses that earn cashback; no row: not activated.
create table business_cashback (
  business_id integer primary key references businesses (id),
  active boolean not null,
  changed_by integer references admins (id),
  changed_at timestamptz not null
);
create index business_cashback_active on business_cashback (business_id) where active;

-- Today's debits of one wallet, read on every posting that debits it: an index-only range scan.
create index ledger_wallet_entries_debits_by_day on ledger_wallet_entries (account_id, created_at) include (amount, transfer_id, kind)
  where direction = 'debit';
