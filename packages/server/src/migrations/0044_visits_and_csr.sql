-- Issue 20: field agents (sales agents, MSOs, DSRs, CSRs), the merchants each CSR manages, and
-- merchant visits scheduled for agents and logged. Terminal deployments (0034) keep the officer
-- as typed (name, phone, role) and are not linked here: a CSR's deployments are those made to the
-- merchants they manage.

create table field_agents (
  id integer generated always as identity primary key,
  name text not null check (length(name) between 2 and 120),
  email text not null check (email = lower(email) and length(email) between 3 and 254),
  -- A Nigerian mobile number as +234XXXXXXXXXX.
  phone text not null check (phone ~ '^\+234[789][01][0-9]{8}$'),
  role text not null check (role in ('SALES_AGENT', 'MSO', 'DSR', 'CSR')),
  state_code text not null check (state_code ~ '^[A-Z]{2}$'),
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create unique index field_agents_email on field_agents (email);
create index field_agents_name on field_agents (lower(name) text_pattern_ops, id);
create index field_agents_role on field_agents (role, id);

-- The CSR managing a merchant: one per merchant. `onboarded`: the CSR also onboarded (signed up)
-- the merchant, counted at the merchant's creation.
create table merchant_csr (
  business_id integer primary key references businesses (id),
  csr_agent_id integer references field_agents (id),
  since timestamptz not null,
  onboarded boolean not null default false
);
create index merchant_csr_agent on merchant_csr (csr_agent_id, business_id);

-- A visit: one agent at one merchant for an agenda, at a place and time. An agent's scheduled
-- visits never overlap: the schedule command locks the agent's row and checks, in its
-- transaction (PGlite has no btree_gist for an exclusion constraint).
create table visits (
  id integer generated always as identity primary key,
  agent_id integer not null references field_agents (id),
  business_id integer not null references businesses (id),
  agenda text not null check (agenda in ('ONBOARDING', 'SUPPORT', 'RETRIEVAL', 'TRAINING', 'KYC_COLLECTION', 'COLLECTION')),
  location text not null check (length(location) between 2 and 300),
  state_code text not null check (state_code ~ '^[A-Z]{2}$'),
  scheduled_for timestamptz not null,
  duration_minutes integer not null default 60 check (duration_minutes between 15 and 480),
  status text not null default 'SCHEDULED' check (status in ('SCHEDULED', 'DONE', 'MISSED', 'CANCELLED')),
  note text,
  outcome text,
  logged_at timestamptz,
  logged_by integer references admins (id),
  -- A field-app form (field_forms, built apart): a plain id, no foreign key.
  form_id integer,
  cancel_reason text,
  cancelled_at timestamptz,
  created_by integer references admins (id),
  created_at timestamptz not null default now(),
  check ((status in ('DONE', 'MISSED')) = (logged_at is not null)),
  check ((status in ('DONE', 'MISSED')) = (outcome is not null)),
  check ((status = 'CANCELLED') = (cancelled_at is not null and cancel_reason is not null))
);
create index visits_schedule on visits (scheduled_for, id);
create index visits_agent_scheduled on visits (agent_id, scheduled_for) where status = 'SCHEDULED';
create index visits_business on visits (business_id, id);

-- Every change of a visit, for its history; the audit log keeps the requests.
create table visit_events (
  id integer generated always as identity primary key,
  visit_id integer not null references visits (id),
  kind text not null check (kind in ('SCHEDULED', 'DONE', 'MISSED', 'CANCELLED')),
  note text,
  admin_id integer references admins (id),
  at timestamptz not null
);
create index visit_events_visit on visit_events (visit_id, id);
