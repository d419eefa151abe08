-- Issue 17: requests for terminals from every channel. A request's status follows core's
-- TERMINAL_REQUEST_MOVES (checked by the terminals domain, which logs every change in
-- terminal_request_events in the same transaction, so the change-log filters read one table).

create table terminal_requests (
  id integer generated always as identity primary key,
  source text not null check (source in ('KEY_ACCOUNTS', 'TELESALES', 'ISA', 'WEB_MOBILE', 'DSR', 'CROSS_SELLING', 'OMNIPAY')),
  business_id integer not null references businesses (id),
  contact_name text not null,
  contact_phone text not null,
  delivery_address text not null,
  -- A Nigerian state's code (core's NIGERIAN_STATES).
  state_code text not null,
  quantity integer not null check (quantity between 1 and 50),
  provider text,
  model text,
  plan text not null check (plan in ('OUTRIGHT', 'RENTAL')),
  is_loan boolean not null default false,
  -- Kobo: the price list's amount for the model and plan times the quantity, when the request was raised.
  amount bigint not null default 0 check (amount >= 0),
  status text not null default 'REQUESTED'
    check (status in ('REQUESTED', 'APPROVED', 'DECLINED', 'PAID', 'ON_LOAN', 'ASSIGNED', 'DISPATCHED', 'DELIVERED', 'DEPLOYED')),
  follow_up boolean not null default false,
  follow_up_note text,
  note text,
  requested_by integer references admins (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deployed_at timestamptz,
  check ((status = 'DEPLOYED') = (deployed_at is not null)),
  check (not (status = 'ON_LOAN' and not is_loan) and not (status = 'PAID' and is_loan))
);
create index terminal_requests_newest on terminal_requests (id desc);
create index terminal_requests_status on terminal_requests (status, id desc);
create index terminal_requests_source on terminal_requests (source, id desc);
create index terminal_requests_business on terminal_requests (business_id, id desc);
create index terminal_requests_follow_up on terminal_requests (id desc) where follow_up;
create index terminal_requests_deployed on terminal_requests (deployed_at) where deployed_at is not null;

-- Every status a request entered, by whom and when: the change log and its status filter.
create table terminal_request_events (
  id bigint generated always as identity primary key,
  request_id integer not null references terminal_requests (id),
  from_status text,
  to_status text not null,
  note text,
  admin_id integer references admins (id),
  at timestamptz not null default now()
);
create index terminal_request_events_request on terminal_request_events (request_id, id desc);
create index terminal_request_events_status on terminal_request_events (to_status, at, request_id);

-- The terminals assigned to a request. Only a terminal in stock is assigned, so one serves one
-- request at a time; a retrieved one may serve a later request.
create table terminal_request_terminals (
  request_id integer not null references terminal_requests (id),
  terminal_id integer not null references terminals (id),
  primary key (request_id, terminal_id)
);
create index terminal_request_terminals_terminal on terminal_request_terminals (terminal_id);
