-- Who did what, and the answers kept for Idempotency-Key replays.
create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  admin_id integer references admins (id),
  admin_email text,
  device_id text,
  command_id text not null,
  input jsonb not null default '{}',
  outcome text not null,
  message text,
  request_id text,
  ip text
);
create index audit_log_at on audit_log (at desc, id desc);
create index audit_log_admin on audit_log (admin_id, id desc);
create index audit_log_command on audit_log (command_id, id desc);

create table idempotency_keys (
  scope text not null,
  key text not null,
  command_id text not null,
  request_hash text not null,
  status text not null check (status in ('running', 'done')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);
create index idempotency_keys_created on idempotency_keys (created_at);
