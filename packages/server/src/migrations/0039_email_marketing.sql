-- Issue 19: the email-marketing sync (docs/decisions.md "Email-marketing sync"). A run pushes
-- contacts to the marketing provider's list: every merchant's owner, or the good rows of an
-- uploaded file. Each contact of a run gets one result; a run's counts are summed from them.

create table marketing_sync_runs (
  id integer generated always as identity primary key,
  kind text not null check (kind in ('ALL_OWNERS', 'UPLOAD')),
  status text not null check (status in ('QUEUED', 'RUNNING', 'WAITING', 'DONE', 'FAILED')),
  -- The uploaded file's name; null for a sync of every owner.
  file_name text check (length(file_name) between 1 and 255),
  -- Whether the contacts are gathered: an upload's at once, a sync's owners by its job's first step.
  gathered boolean not null default false,
  -- Whether the job has read the provider's unsubscribed contacts into contact_opt_outs (its first step).
  opt_outs_read boolean not null default false,
  -- Addresses the provider said had unsubscribed, added to the opt-out list by this run.
  provider_opt_outs integer not null default 0 check (provider_opt_outs >= 0),
  -- Times in a row the provider did not answer; the run fails past the job's limit.
  outage_retries integer not null default 0 check (outage_retries >= 0),
  job_id integer references jobs (id),
  created_by integer references admins (id),
  created_at timestamptz not null,
  finished_at timestamptz,
  -- A waiting run (429, or an outage) carries on then; the note says what it does or waits for.
  wait_until timestamptz,
  note text,
  failure text,
  check ((kind = 'UPLOAD') = (file_name is not null)),
  check ((status = 'FAILED') = (failure is not null))
);
create index marketing_sync_runs_created on marketing_sync_runs (id desc);
-- One sync of every owner at a time: a second start waits for the first's transaction, then is refused.
create unique index marketing_sync_runs_one_all_owners on marketing_sync_runs (kind)
  where kind = 'ALL_OWNERS' and status in ('QUEUED', 'RUNNING', 'WAITING');

create table marketing_sync_contacts (
  id bigint generated always as identity primary key,
  run_id integer not null references marketing_sync_runs (id),
  email text not null check (email = lower(email) and length(email) between 3 and 254),
  first_name text not null default '' check (length(first_name) <= 100),
  last_name text not null default '' check (length(last_name) <= 100),
  -- +234…, or null when none was given.
  phone text check (phone ~ '^\+234[789][01][0-9]{8}$'),
  -- The merchant whose owner this is (a sync of every owner); the file's row (an upload).
  business_id integer references businesses (id),
  row_number integer check (row_number > 0),
  result text not null default 'PENDING' check (result in ('PENDING', 'ADDED', 'UPDATED', 'OPTED_OUT', 'FAILED')),
  reason text,
  at timestamptz,
  unique (run_id, email),
  check ((result = 'PENDING') = (at is null))
);
-- Pages of a run's contacts in push order, and the next batch of those not sent yet.
create index marketing_sync_contacts_run on marketing_sync_contacts (run_id, id);
create index marketing_sync_contacts_pending on marketing_sync_contacts (run_id, id) where result = 'PENDING';
create index marketing_sync_contacts_email_prefix on marketing_sync_contacts (run_id, email text_pattern_ops);
