-- Issue 21: export jobs (Downloads) and scheduled exports (docs/decisions.md "Export jobs").
-- An export file is one list's rows, its filters as given, written by a job: first the rows are
-- frozen in one statement (export_rows_<id>, an unlogged table: a consistent snapshot), then
-- written out in parts, each committed with the progress, so a restarted server resumes at the
-- next part. The file's bytes are its parts in order.
create table export_files (
  id integer generated always as identity primary key,
  command_id text not null,
  title text not null,
  -- The list's input as validated (filters, date range), without paging.
  filters jsonb not null,
  -- Words for people: "Sales · 1 Nov 2026 – 27 Nov 2026 · Method: Card".
  filter_words text not null default '',
  file_name text not null,
  status text not null default 'QUEUED' check (status in ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED')),
  -- Rows the snapshot holds (known once frozen) and rows written so far.
  rows_total bigint,
  rows_done bigint not null default 0,
  bytes bigint not null default 0,
  -- The snapshot's rows written so far are those numbered 1..rows_done; the header is part 0.
  parts integer not null default 0,
  error text,
  job_id integer,
  schedule_id integer,
  requested_by integer references admins (id),
  created_at timestamptz not null,
  started_at timestamptz,
  frozen_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz not null,
  check ((status = 'READY') = (finished_at is not null and rows_total is not null))
);

create index export_files_newest on export_files (id desc);
create index export_files_requested on export_files (requested_by, id desc);
create index export_files_expiring on export_files (expires_at) where status <> 'EXPIRED';

create table export_file_parts (
  export_id integer not null references export_files (id) on delete cascade,
  seq integer not null,
  rows integer not null,
  data bytea not null,
  primary key (export_id, seq)
);
-- CSV is stored as written: compressing it on the way in would cost more than the space it saves.
alter table export_file_parts alter column data set storage external;

-- A nightly CSV that used to be a cron job: a list, its filters, a relative date range, a time
-- of day in Lagos, and who gets the link. Each run is recorded once per Lagos day.
create table export_schedules (
  id integer generated always as identity primary key,
  name text not null check (length(name) between 3 and 80),
  command_id text not null,
  filters jsonb not null,
  date_range text not null check (date_range in ('NONE', 'TODAY', 'YESTERDAY', 'LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_MONTH', 'LAST_MONTH')),
  -- Minutes after midnight, Lagos time.
  run_at_minute integer not null check (run_at_minute between 0 and 1439),
  recipients text[] not null,
  active boolean not null default true,
  next_run_at timestamptz,
  created_by integer references admins (id),
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create index export_schedules_newest on export_schedules (id desc);

create table export_schedule_runs (
  id integer generated always as identity primary key,
  schedule_id integer not null references export_schedules (id) on delete cascade,
  -- The Lagos day the run is for: a schedule never runs twice for one day.
  run_day date not null,
  status text not null default 'RUNNING' check (status in ('RUNNING', 'SENT', 'FAILED')),
  export_id integer references export_files (id) on delete set null,
  attempts integer not null default 0,
  error text,
  manual boolean not null default false,
  started_at timestamptz not null,
  finished_at timestamptz
);

create unique index export_schedule_runs_once on export_schedule_runs (schedule_id, run_day) where not manual;
create index export_schedule_runs_newest on export_schedule_runs (schedule_id, id desc);
