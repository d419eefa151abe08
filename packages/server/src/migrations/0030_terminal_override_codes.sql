-- Issue 17: terminal override codes. A code lets a field officer override a terminal's device lock
-- once, on one terminal (or any, when terminal_id is null), until it expires. Only the code's
-- SHA-256 is kept: the code itself is answered once, when it is issued. Expired is not stored: a
-- code is expired once expires_at has passed while it was neither used nor revoked.

create table terminal_override_codes (
  id integer generated always as identity primary key,
  terminal_id integer references terminals (id),
  purpose text not null check (purpose in ('DEPLOYMENT', 'MAINTENANCE', 'RETRIEVAL', 'LOCK_RESET')),
  note text,
  -- SHA-256 of the code's digits, in hex.
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  created_by integer not null references admins (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  used_by integer references admins (id),
  -- The terminal it was used on: the one it names, or the one a code for any terminal opened.
  used_on_terminal_id integer references terminals (id),
  revoked_at timestamptz,
  revoked_by integer references admins (id),
  revoke_reason text,
  check (expires_at > created_at),
  check ((used_at is null) = (used_on_terminal_id is null)),
  -- Used or revoked, never both.
  check (used_at is null or revoked_at is null)
);

-- A code is found by its hash alone.
create unique index terminal_override_codes_hash on terminal_override_codes (code_hash);
create index terminal_override_codes_terminal on terminal_override_codes (terminal_id, id desc) where terminal_id is not null;
