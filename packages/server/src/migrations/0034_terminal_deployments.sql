-- Issue 17: terminal deployments. A deployment code lets one field officer (MSO, DSR or sales
-- agent) deploy one terminal in transit, once, until it expires; only the SHA-256 of its digits
-- is kept. The terminal reports itself with the code (terminal_deployment_reports: every report,
-- accepted or rejected); an accepted report deploys the terminal and is kept as a deployment.

create table terminal_deployment_codes (
  id integer generated always as identity primary key,
  terminal_id integer not null references terminals (id),
  -- The merchant the terminal was on its way to, and the request it was sent for, when issued.
  business_id integer not null references businesses (id),
  request_id integer references terminal_requests (id),
  officer_name text not null,
  officer_phone text not null,
  officer_role text not null check (officer_role in ('MSO', 'DSR', 'SALES_AGENT')),
  note text,
  -- SHA-256 of the code's digits, in hex. Not unique: codes are looked up with their terminal.
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  created_by integer not null references admins (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  -- A newer code for the same terminal replaces it.
  revoked_at timestamptz,
  revoke_reason text,
  check (expires_at > created_at),
  check (used_at is null or revoked_at is null),
  check ((revoked_at is null) = (revoke_reason is null))
);
create index terminal_deployment_codes_terminal on terminal_deployment_codes (terminal_id, id desc);
create index terminal_deployment_codes_created on terminal_deployment_codes (created_at);

-- What terminals reported, as they sent it, whatever became of it.
create table terminal_deployment_reports (
  id integer generated always as identity primary key,
  received_at timestamptz not null,
  -- The terminal ID and serial number as sent (in capitals), whether or not they name a terminal.
  sent_terminal_id text not null,
  sent_serial_no text not null,
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  -- The terminal they name together, and the code the report matched, if any.
  terminal_id integer references terminals (id),
  code_id integer references terminal_deployment_codes (id),
  result text not null check (result in ('ACCEPTED', 'REJECTED')),
  reason text check (reason in ('UNKNOWN_TERMINAL', 'WRONG_CODE', 'EXPIRED', 'USED', 'REVOKED', 'NOT_IN_TRANSIT', 'REQUEST_NOT_DELIVERED', 'TOO_MANY_ATTEMPTS')),
  -- What the device was answered.
  message text not null,
  ip text,
  check ((result = 'ACCEPTED') = (reason is null)),
  check (result = 'REJECTED' or (terminal_id is not null and code_id is not null))
);
create index terminal_deployment_reports_received on terminal_deployment_reports (received_at);
create index terminal_deployment_reports_terminal on terminal_deployment_reports (terminal_id, id desc) where terminal_id is not null;
create index terminal_deployment_reports_sent_terminal on terminal_deployment_reports (sent_terminal_id, id desc);
-- The guessing limits count recent wrong codes by terminal ID and by address.
create index terminal_deployment_reports_guesses_terminal on terminal_deployment_reports (sent_terminal_id, received_at)
  where reason in ('UNKNOWN_TERMINAL', 'WRONG_CODE');
create index terminal_deployment_reports_guesses_ip on terminal_deployment_reports (ip, received_at)
  where reason in ('UNKNOWN_TERMINAL', 'WRONG_CODE');

-- Terminals deployed with a code: one per code and per accepted report.
create table terminal_deployments (
  id integer generated always as identity primary key,
  terminal_id integer not null references terminals (id),
  business_id integer not null references businesses (id),
  store_id integer references stores (id),
  request_id integer references terminal_requests (id),
  code_id integer not null unique references terminal_deployment_codes (id),
  report_id integer not null unique references terminal_deployment_reports (id),
  officer_name text not null,
  officer_phone text not null,
  officer_role text not null check (officer_role in ('MSO', 'DSR', 'SALES_AGENT')),
  latitude double precision not null,
  longitude double precision not null,
  deployed_at timestamptz not null
);
create index terminal_deployments_deployed on terminal_deployments (deployed_at);
create index terminal_deployments_role on terminal_deployments (officer_role, id desc);
create index terminal_deployments_terminal on terminal_deployments (terminal_id, id desc);
create index terminal_deployments_business on terminal_deployments (business_id, id desc);
