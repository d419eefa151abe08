-- Issue 17: what a terminal costs a merchant, per provider, model and plan (outright, or rental
-- per month), and every price it has had.

create table terminal_prices (
  id integer generated always as identity primary key,
  provider text not null,
  model text not null,
  plan text not null check (plan in ('OUTRIGHT', 'RENTAL')),
  amount bigint not null check (amount > 0),
  changed_at timestamptz not null default now(),
  changed_by integer references admins (id),
  unique (provider, model, plan)
);

create table terminal_price_changes (
  id bigint generated always as identity primary key,
  price_id integer not null references terminal_prices (id),
  amount bigint not null check (amount > 0),
  previous_amount bigint,
  reason text,
  admin_id integer references admins (id),
  at timestamptz not null default now()
);
create index terminal_price_changes_price on terminal_price_changes (price_id, id desc);
