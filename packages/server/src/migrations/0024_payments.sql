-- Payment logs, pricing bands and settlements (issue 16; docs/decisions.md "Payment logs",
-- "Pricing bands", "Settlements"). Payments are the company's biggest table: card payments at
-- merchants' terminals, and bank-transfer and USSD collections into their accounts. A payment
-- never changes once logged; where it is in its settlement is read from its cumulation.

-- A pricing band: what the company charges a merchant on each channel. A merchant without a band
-- pays the default band's charges. A payment keeps the charge of the band it was priced by.
create table pricing_bands (
  id serial primary key,
  name text not null,
  description text not null default '',
  is_default boolean not null default false,
  created_by integer references admins (id),
  created_at timestamptz not null default now(),
  updated_by integer references admins (id),
  updated_at timestamptz not null default now()
);
create unique index pricing_bands_name on pricing_bands (lower(name));
create unique index pricing_bands_one_default on pricing_bands (is_default) where is_default;

create table pricing_band_charges (
  band_id integer not null references pricing_bands (id),
  channel text not null check (channel in ('card', 'transfer', 'ussd')),
  -- Basis points: 50 = 0.50%.
  percent_bps integer not null default 0 check (percent_bps between 0 and 10000),
  flat_kobo bigint not null default 0 check (flat_kobo >= 0),
  cap_kobo bigint check (cap_kobo is null or cap_kobo >= 0),
  primary key (band_id, channel)
);

insert into pricing_bands (name, description, is_default)
values ('Standard', 'Every merchant without a band of its own', true);
insert into pricing_band_charges (band_id, channel, percent_bps, flat_kobo, cap_kobo)
select id, channel, bps, 0, cap from pricing_bands,
  (values ('card', 50, 10000), ('transfer', 50, 20000), ('ussd', 50, 10000)) as c (channel, bps, cap)
where is_default;

alter table businesses add column pricing_band_id integer references pricing_bands (id);
create index businesses_pricing_band on businesses (pricing_band_id, id);

-- A settlement group: one day's payments (Lagos business day) of one kind. Direct groups settle
-- card payments (paid to us by the card processors); aggregator groups settle bank-transfer and
-- USSD collections (paid to us by the aggregators).
create table settlement_groups (
  id bigint generated always as identity primary key,
  settlement_date date not null,
  aggregator boolean not null,
  -- When the day's payments stop arriving: cumulations become PENDING (ready to settle) after it.
  closes_at timestamptz not null,
  created_at timestamptz not null default now(),
  unique (settlement_date, aggregator)
);
create index settlement_groups_recent on settlement_groups (settlement_date desc, id desc);

-- One merchant's successful payments in a group, settled at most once: actual-settle posts the
-- net to its wallet and the charges to fee income through the ledger; manual-settle records a
-- settlement made outside the system and moves no money.
create table settlement_cumulations (
  id bigint generated always as identity primary key,
  group_id bigint not null references settlement_groups (id),
  business_id integer not null references businesses (id),
  payment_count integer not null default 0 check (payment_count >= 0),
  amount bigint not null default 0 check (amount >= 0),
  charges bigint not null default 0 check (charges >= 0 and charges <= amount),
  status text not null default 'OPEN' check (status in ('OPEN', 'PENDING', 'AWAITING_APPROVAL', 'SETTLED', 'SETTLED_MANUALLY')),
  settled_action text check (settled_action in ('manual-settle', 'actual-settle')),
  -- manual-settle: the reference of the payment made outside; actual-settle: the ledger's reference.
  settled_reference text,
  settled_note text,
  ledger_transfer_id bigint references ledger_transfers (id),
  approval_request_id integer references approval_requests (id),
  settled_by integer references admins (id),
  settled_at timestamptz,
  updated_at timestamptz not null default now(),
  unique (group_id, business_id),
  check ((status in ('SETTLED', 'SETTLED_MANUALLY')) = (settled_at is not null)),
  check (status <> 'SETTLED' or (settled_action = 'actual-settle' and ledger_transfer_id is not null)),
  check (status <> 'SETTLED_MANUALLY' or (settled_action = 'manual-settle' and settled_reference is not null))
);
create index settlement_cumulations_group on settlement_cumulations (group_id, id);
create index settlement_cumulations_business on settlement_cumulations (business_id, id desc);
create index settlement_cumulations_status on settlement_cumulations (status, id);

create table payment_logs (
  id bigint generated always as identity primary key,
  business_id integer not null references businesses (id),
  -- The terminal's 8-character id (card and USSD at a terminal); null for transfers into an account.
  terminal_id text check (terminal_id is null or terminal_id ~ '^[0-9A-Z]{8}$'),
  channel text not null check (channel in ('card', 'transfer', 'ussd')),
  card_scheme text check (card_scheme in ('verve', 'mastercard', 'visa', 'afrigo')),
  -- First six and last four digits only: the full number is never stored.
  masked_pan text check (masked_pan is null or masked_pan ~ '^[0-9]{6}\*{3,9}[0-9]{4}$'),
  -- Who paid, as the processor named them (transfers and USSD).
  payer_name text,
  amount bigint not null check (amount > 0),
  charge bigint not null check (charge >= 0 and charge <= amount),
  pricing_band_id integer not null references pricing_bands (id),
  route text not null,
  -- The issuing bank (card), or the payer's bank (transfer, USSD): CBN code.
  bank_code text not null,
  response_code text not null check (response_code ~ '^[0-9A-Z]{2}$'),
  status text not null check (status in ('SUCCESSFUL', 'FAILED', 'REVERSED')),
  rrn text not null check (rrn ~ '^[0-9]{12}$'),
  stan text not null check (stan ~ '^[0-9]{6}$'),
  reference text not null unique,
  -- Successful payments only: the merchant's cumulation of the payment's settlement day.
  cumulation_id bigint references settlement_cumulations (id),
  created_at timestamptz not null,
  check ((channel = 'card') = (card_scheme is not null and masked_pan is not null)),
  check ((status = 'SUCCESSFUL') = (cumulation_id is not null))
);
-- The list reads newest first by (created_at, id): every filter combines with a date range.
create index payment_logs_recent on payment_logs (created_at desc, id desc);
create index payment_logs_business on payment_logs (business_id, created_at desc, id desc);
create index payment_logs_status on payment_logs (status, created_at desc, id desc);
create index payment_logs_terminal on payment_logs (terminal_id, created_at desc) where terminal_id is not null;
create index payment_logs_rrn on payment_logs (rrn);
create index payment_logs_cumulation on payment_logs (cumulation_id, id) where cumulation_id is not null;

-- Settling credits the merchant's wallet from settlement clearing (money the processors and
-- aggregators owe or paid us); the charges go to fee income.
alter table ledger_transfers drop constraint ledger_transfers_kind_check;
alter table ledger_transfers add constraint ledger_transfers_kind_check
  check (kind in ('pos_credit', 'transfer_out', 'fee', 'cashback', 'reversal', 'credit', 'debit', 'adjustment', 'settlement'));
