-- Issue 17: terminal spreadsheets (new stock, new terminal IDs), kept with what they came to,
-- and a terminal's changed details (its terminal ID, its bank) in its history.

alter table terminal_events drop constraint terminal_events_type_check;
alter table terminal_events add constraint terminal_events_type_check
  check (type in ('mapping', 'state', 'location', 'price', 'details'));

create table terminal_uploads (
  id integer generated always as identity primary key,
  kind text not null check (kind in ('STOCK', 'TIDS')),
  -- The file's own name as the admin's computer gave it, made safe to show.
  file_name text not null,
  format text not null check (format in ('csv', 'xlsx', 'xls')),
  sha256 text not null,
  rows integer not null check (rows > 0),
  saved integer not null check (saved >= 0),
  -- The rows skipped and why: [{ row, field, value, message }].
  problems jsonb not null default '[]',
  admin_id integer not null references admins (id),
  created_at timestamptz not null default now()
);
create index terminal_uploads_kind on terminal_uploads (kind, id desc);
