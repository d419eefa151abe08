-- Errors the console met while showing a page (spec §8: unexpected render errors are reported),
-- kept for engineers to read (client-errors.list). Only what helps find the fault: the error, the
-- page's path (never its query, which can carry a token or typed filters), the console build, the
-- browser and who was signed in. Reports are sent only from the production admin host.
create table client_errors (
  id serial primary key,
  at timestamptz not null,
  admin_id integer references admins (id),
  -- kept as it was, so the report still names the admin if their email changes
  admin_email text,
  message text not null,
  stack text,
  route text not null,
  console_version text not null,
  user_agent text,
  request_id text
);
create index client_errors_at on client_errors (at desc, id desc);
-- The per-admin rate limit counts an admin's recent reports.
create index client_errors_admin_at on client_errors (admin_id, at);
