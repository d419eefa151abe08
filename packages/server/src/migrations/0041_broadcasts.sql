-- Issue 19: broadcasts by email and SMS to an audience of merchants' owners (docs/decisions.md
-- "Broadcasts"). A draft is written with its audience (the same columns as notifications);
-- sending fixes the recipients as one delivery row per merchant and channel, and a job sends them
-- in batches, recording each message's outcome as it goes.
create table broadcasts (
  id integer generated always as identity primary key,
  name text not null check (length(name) between 3 and 80),
  channels text not null check (channels in ('EMAIL', 'SMS', 'BOTH')),
  email_subject text check (length(email_subject) between 3 and 150),
  email_body text check (length(email_body) between 10 and 10000),
  sms_text text check (length(sms_text) between 3 and 1000),
  status text not null default 'DRAFT' check (status in ('DRAFT', 'SENDING', 'SENT', 'PARTLY_FAILED', 'CANCELLED')),
  audience text not null check (audience in ('ALL', 'STATE', 'CATEGORY', 'SAVED_VIEW', 'MERCHANTS')),
  audience_state text,
  audience_category text,
  audience_view_id integer,
  audience_view_name text,
  audience_filters jsonb,
  audience_merchant_ids integer[],
  -- Fixed when sent: merchants reached and messages made; counts kept up to date by the sending job.
  recipients integer,
  messages integer,
  sent_count integer not null default 0,
  bounced_count integer not null default 0,
  failed_count integer not null default 0,
  skipped_count integer not null default 0,
  job_id integer,
  -- The sending job's latest word: a provider it is waiting for.
  note text,
  created_by integer references admins (id),
  sent_by integer references admins (id),
  cancelled_by integer references admins (id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  sent_at timestamptz,
  finished_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason text,
  -- The words of each channel it goes by, and only those.
  check ((channels in ('EMAIL', 'BOTH')) = (email_subject is not null and email_body is not null)),
  check ((channels in ('SMS', 'BOTH')) = (sms_text is not null)),
  check ((audience = 'STATE') = (audience_state is not null)),
  check ((audience = 'CATEGORY') = (audience_category is not null)),
  check ((audience = 'SAVED_VIEW') = (audience_filters is not null)),
  check ((audience = 'MERCHANTS') = (audience_merchant_ids is not null)),
  check (status = 'DRAFT' or (sent_at is not null and recipients is not null and messages is not null)),
  check ((status = 'CANCELLED') = (cancelled_at is not null))
);

create index broadcasts_created on broadcasts (id desc);
create index broadcasts_status on broadcasts (status, id desc);
create index broadcasts_name_prefix on broadcasts (lower(name) text_pattern_ops);

-- One message of a sent broadcast to one merchant's owner by one channel: its address as it was
-- when sent, and what became of it. SENDING marks a message handed to the provider whose outcome
-- is not recorded yet: a job taking over asks the provider before sending it again.
create table broadcast_deliveries (
  id integer generated always as identity primary key,
  broadcast_id integer not null references broadcasts (id),
  business_id integer not null references businesses (id),
  channel text not null check (channel in ('EMAIL', 'SMS')),
  address text check (length(address) between 3 and 254),
  status text not null check (status in ('PENDING', 'SENDING', 'SENT', 'BOUNCED', 'FAILED', 'SKIPPED', 'CANCELLED')),
  reason text,
  attempts smallint not null default 0,
  next_attempt_at timestamptz,
  provider_id text,
  segments smallint,
  last_attempt_at timestamptz,
  done_at timestamptz,
  unique (broadcast_id, business_id, channel),
  check (address is not null or status = 'SKIPPED')
);

create index broadcast_deliveries_todo on broadcast_deliveries (broadcast_id, status, id);
create index broadcast_deliveries_of on broadcast_deliveries (broadcast_id, id);

-- The key unsubscribe links are signed with: made once, on first use, by whichever server process
-- needs it first, so every process and every restart signs and checks alike.
create table unsubscribe_keys (
  id smallint primary key check (id = 1),
  secret text not null check (length(secret) >= 32),
  created_at timestamptz not null
);
