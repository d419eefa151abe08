-- Devices an admin signs in from, their sessions, password links and sign-in attempts.
create table admin_devices (
  id serial primary key,
  admin_id integer not null references admins (id) on delete cascade,
  device_id text not null,
  device_model text not null default '',
  browser_name text not null default '',
  browser_version text not null default '',
  device_type text not null default 'browser',
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  whitelisted boolean not null default false,
  requested_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by integer references admins (id),
  decision_note text,
  last_seen_at timestamptz,
  -- the emailed one-time code, hashed; cleared once used
  code_hash text,
  code_expires_at timestamptz,
  code_attempts integer not null default 0,
  unique (admin_id, device_id)
);
create index admin_devices_status on admin_devices (status, id desc);

create table admin_sessions (
  id bigserial primary key,
  token_hash text not null unique,
  admin_id integer not null references admins (id) on delete cascade,
  device_row_id integer not null references admin_devices (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  idle_expires_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoke_reason text,
  ip text,
  user_agent text
);
create index admin_sessions_live on admin_sessions (admin_id) where revoked_at is null;

create table password_tokens (
  id serial primary key,
  admin_id integer not null references admins (id) on delete cascade,
  token_hash text not null unique,
  purpose text not null check (purpose in ('invite', 'reset')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_by integer references admins (id)
);

create table login_attempts (
  id bigserial primary key,
  email text not null,
  ip text not null,
  succeeded boolean not null,
  -- made from a device already approved for that admin: exempt from the per-account limit
  trusted_device boolean not null default false,
  at timestamptz not null default now()
);
create index login_attempts_email on login_attempts (email, at);
create index login_attempts_ip on login_attempts (ip, at);
