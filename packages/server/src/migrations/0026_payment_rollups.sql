-- Transaction monitoring (issue 16): the payment logs folded into two small tables, so 90 days of
-- a million payments aggregate in milliseconds. Payments are never updated, so folding is
-- adding: a refresh adds the payments after the watermark and moves it; a read adds the few
-- payments after the watermark itself, so the figures are never stale.

-- Per hour and processor route: the over-time charts and each route's totals.
create table payment_stats_route_hourly (
  hour timestamptz not null,
  route text not null,
  payments integer not null,
  successful integer not null,
  -- Failures of the route or issuer (06, 68, 91, 92, 96), not the cardholder's.
  system_failures integer not null,
  amount bigint not null,
  successful_amount bigint not null,
  primary key (hour, route)
);

-- Per Lagos day, route, issuing bank and response code: banks, failure codes and their days.
create table payment_stats_daily (
  day date not null,
  route text not null,
  bank_code text not null,
  response_code text not null,
  payments integer not null,
  amount bigint not null,
  primary key (day, route, bank_code, response_code)
);
create index payment_stats_daily_bank on payment_stats_daily (bank_code, day);

-- How far the payment logs are folded in: every payment with an id up to this one.
create table payment_stats_watermark (
  only_row boolean primary key default true check (only_row),
  last_payment_id bigint not null default 0,
  refreshed_at timestamptz
);
insert into payment_stats_watermark default values;
