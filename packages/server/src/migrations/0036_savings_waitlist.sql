-- Issue 18: the savings wait-list, people who asked to be told when savings opens. One entry
-- per email address (joining again changes nothing); someone who joined as a merchant names
-- their business. Rows arrive in the order people join, so the list pages by id, newest first.

create table savings_waitlist (
  id integer generated always as identity primary key,
  name text not null check (length(name) between 1 and 120),
  email text not null check (email = lower(email) and length(email) between 3 and 254),
  -- A Nigerian mobile number as +234XXXXXXXXXX (core's normaliseNigerianPhone).
  phone text not null check (phone ~ '^\+234[789][01][0-9]{8}$'),
  business_id integer references businesses (id),
  -- The plan they are interested in (core's SAVINGS_PLANS).
  plan text not null check (plan in ('TARGET', 'FIXED', 'FLEXIBLE')),
  -- Kobo they expect to save each month; null: not said.
  monthly_amount bigint check (monthly_amount > 0),
  -- A Nigerian state's code (core's NIGERIAN_STATES); null: not said.
  state_code text check (state_code ~ '^[A-Z]{2}$'),
  source text not null check (source in ('APP', 'WEB')),
  joined_at timestamptz not null default now()
);

create unique index savings_waitlist_email on savings_waitlist (email);
create index savings_waitlist_joined on savings_waitlist (joined_at, id);
create index savings_waitlist_plan on savings_waitlist (plan, id desc);
create index savings_waitlist_business on savings_waitlist (business_id) where business_id is not null;
-- Prefix searches by name and email (lower(...) like 'text%').
create index savings_waitlist_name_prefix on savings_waitlist (lower(name) text_pattern_ops);
create index savings_waitlist_email_prefix on savings_waitlist (email text_pattern_ops);
