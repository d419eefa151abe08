-- Issue 19: the one list of people who asked not to be written to. Broadcasts skip an address on
-- it for that channel, and the email-marketing sync never adds it back to the marketing list.
-- Addresses are stored normalised (lower-cased email; +234… phone), so a lookup is exact.
create table contact_opt_outs (
  id integer generated always as identity primary key,
  channel text not null check (channel in ('EMAIL', 'SMS')),
  address text not null check (length(address) between 3 and 254 and address = lower(address)),
  -- Where the wish came from: an unsubscribe link, the marketing provider's own list, an admin.
  source text not null check (source in ('UNSUBSCRIBE_LINK', 'MARKETING_PROVIDER', 'ADMIN', 'UPLOAD')),
  created_at timestamptz not null default now()
);

create unique index contact_opt_outs_address on contact_opt_outs (channel, address);

-- Requests to public (no sign-in) endpoints, per address, for their rate limits: counted in the
-- database so every server process agrees. Maintenance deletes rows older than a day.
create table public_requests (
  id bigint generated always as identity primary key,
  -- The limit's name (the form or lookup it counts), and the caller's address.
  name text not null check (length(name) between 1 and 60),
  ip text not null check (length(ip) between 1 and 100),
  at timestamptz not null
);

create index public_requests_recent on public_requests (name, ip, at);
create index public_requests_at on public_requests (at);

-- Notifications to merchants' apps: a draft with an audience, published now or at a time, and
-- withdrawn. The audience is one kind and the one value it uses; a saved view is kept as the
-- filters it held when the notification was written.
create table notifications (
  id integer generated always as identity primary key,
  title text not null check (length(title) between 3 and 80),
  body text not null check (length(body) between 3 and 1000),
  category text not null check (category in ('ANNOUNCEMENT', 'PROMOTION', 'SERVICE_UPDATE', 'SECURITY')),
  link_url text check (link_url ~ '^https://' and length(link_url) <= 500),
  link_label text check (length(link_label) between 2 and 24),
  status text not null default 'DRAFT' check (status in ('DRAFT', 'SCHEDULED', 'PUBLISHED', 'WITHDRAWN')),
  audience text not null check (audience in ('ALL', 'STATE', 'CATEGORY', 'SAVED_VIEW', 'MERCHANTS')),
  audience_state text,
  audience_category text,
  audience_view_id integer,
  audience_view_name text,
  audience_filters jsonb,
  audience_merchant_ids integer[],
  publish_at timestamptz,
  published_at timestamptz,
  recipients integer,
  withdrawn_at timestamptz,
  withdrawn_reason text,
  created_by integer references admins (id),
  published_by integer references admins (id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((audience = 'STATE') = (audience_state is not null)),
  check ((audience = 'CATEGORY') = (audience_category is not null)),
  check ((audience = 'SAVED_VIEW') = (audience_filters is not null)),
  check ((audience = 'MERCHANTS') = (audience_merchant_ids is not null)),
  -- A scheduled one has its time; a published one (or one withdrawn after publishing) has its recipients.
  check (status <> 'SCHEDULED' or publish_at is not null),
  check (status <> 'PUBLISHED' or (published_at is not null and recipients is not null)),
  check ((status = 'WITHDRAWN') = (withdrawn_at is not null))
);

create index notifications_created on notifications (id desc);
create index notifications_status on notifications (status, id desc);
create index notifications_title_prefix on notifications (lower(title) text_pattern_ops);

-- The merchants' inboxes: who a published notification went to (what the app reads).
create table notification_recipients (
  notification_id integer not null references notifications (id),
  business_id integer not null references businesses (id),
  delivered_at timestamptz not null,
  primary key (notification_id, business_id)
);

create index notification_recipients_business on notification_recipients (business_id, notification_id desc);

-- Every change of status, with who and when.
create table notification_events (
  id integer generated always as identity primary key,
  notification_id integer not null references notifications (id),
  from_status text,
  to_status text not null,
  admin_id integer references admins (id),
  note text,
  at timestamptz not null
);

create index notification_events_of on notification_events (notification_id, id);
