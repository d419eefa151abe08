-- Issue 19: Website Forms, what people send from the public chargeback and support forms, worked
-- as a queue (core's website-form-facts: NEW → ASSIGNED → REPLIED → RESOLVED). A chargeback
-- names its payment by RRN or terminal, may carry evidence (its bytes in the file store under a
-- random key, checked as KYC uploads are) and links to the payment it matched; a support request
-- is handed to the help desk by a job, its delivery state kept here so an outage loses nothing.

create table website_forms (
  id integer generated always as identity primary key,
  kind text not null check (kind in ('CHARGEBACK', 'SUPPORT')),
  status text not null default 'NEW' check (status in ('NEW', 'ASSIGNED', 'REPLIED', 'RESOLVED')),
  name text not null check (length(name) between 1 and 120),
  email text not null check (email = lower(email) and length(email) between 3 and 254),
  -- A Nigerian mobile number as +234XXXXXXXXXX (core's normaliseNigerianPhone).
  phone text not null check (phone ~ '^\+234[789][01][0-9]{8}$'),
  business_name text check (length(business_name) between 1 and 120),
  subject text not null check (length(subject) between 1 and 200),
  message text not null check (length(message) between 1 and 4000),
  -- Chargebacks only: who disputes, the slip's terminal and RRN, the amount and day.
  claimant text check (claimant in ('CARDHOLDER', 'MERCHANT')),
  terminal_id text check (terminal_id ~ '^[0-9A-Z]{8}$'),
  rrn text check (rrn ~ '^[0-9]{12}$'),
  amount bigint check (amount > 0),
  -- YYYY-MM-DD, Lagos calendar (kept as text: a date column would be read back shifted).
  transaction_date text check (transaction_date ~ '^\d{4}-\d{2}-\d{2}$'),
  payment_id bigint references payment_logs (id),
  evidence_name text,
  evidence_type text check (evidence_type in ('image/jpeg', 'image/png', 'application/pdf')),
  evidence_size integer check (evidence_size > 0),
  evidence_sha256 text,
  evidence_key text check (evidence_key ~ '^[0-9a-f]{64}$'),
  assigned_to integer references admins (id),
  assigned_at timestamptz,
  replies integer not null default 0,
  last_replied_at timestamptz,
  resolution text,
  resolved_by integer references admins (id),
  resolved_at timestamptz,
  -- Support requests only: the hand-over to the help desk.
  help_desk_state text check (help_desk_state in ('PENDING', 'RETRYING', 'DELIVERED', 'REFUSED')),
  help_desk_ticket text,
  help_desk_attempts integer not null default 0,
  help_desk_error text,
  help_desk_next_at timestamptz,
  help_desk_delivered_at timestamptz,
  -- The address it came from (the public guard counts by it); never shown in answers.
  submitted_ip text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((kind = 'CHARGEBACK') = (amount is not null and claimant is not null and transaction_date is not null)),
  check ((kind = 'SUPPORT') = (help_desk_state is not null)),
  check (kind = 'CHARGEBACK' or (evidence_key is null and payment_id is null)),
  check ((evidence_key is null) = (evidence_type is null))
);

create index website_forms_recent on website_forms (created_at desc, id desc);
create index website_forms_status on website_forms (status, id desc);
create index website_forms_kind on website_forms (kind, status, id desc);
create index website_forms_assignee on website_forms (assigned_to, id desc) where assigned_to is not null;
create index website_forms_payment on website_forms (payment_id) where payment_id is not null;
create index website_forms_rrn on website_forms (rrn) where rrn is not null;
create index website_forms_email_prefix on website_forms (email text_pattern_ops);
create index website_forms_name_prefix on website_forms (lower(name) text_pattern_ops);

-- Every move of a submission, the submission itself first: the change log on its page.
create table website_form_events (
  id integer generated always as identity primary key,
  form_id integer not null references website_forms (id),
  action text check (action in ('ASSIGN', 'REPLY', 'RESOLVE')),
  from_status text check (from_status in ('NEW', 'ASSIGNED', 'REPLIED', 'RESOLVED')),
  to_status text not null check (to_status in ('NEW', 'ASSIGNED', 'REPLIED', 'RESOLVED')),
  note text check (length(note) <= 5000),
  admin_id integer references admins (id),
  at timestamptz not null
);

create index website_form_events_form on website_form_events (form_id, id);
