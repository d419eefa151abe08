-- Issue 20: forms field officers submit from the merchant-support app (deployment support,
-- visitation, retrieval, SIM management), with their photos. The console only reads them.

create table field_forms (
  id integer generated always as identity primary key,
  kind text not null check (kind in ('DEPLOYMENT_SUPPORT', 'VISITATION', 'RETRIEVAL', 'SIM_MANAGEMENT')),
  officer_name text not null check (length(officer_name) between 2 and 120),
  officer_email text not null check (officer_email = lower(officer_email) and length(officer_email) between 3 and 254),
  -- A Nigerian mobile number as +234XXXXXXXXXX.
  officer_phone text not null check (officer_phone ~ '^\+234[789][01][0-9]{8}$'),
  officer_role text not null check (officer_role in ('MSO', 'DSR', 'SALES_AGENT')),
  business_id integer references businesses (id),
  terminal_id integer references terminals (id),
  -- Two-letter state code (core's NIGERIAN_STATES), and the LGA or area as typed.
  state_code text not null check (state_code ~ '^[A-Z]{2}$'),
  area text not null default '',
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  submitted_at timestamptz not null,
  -- Question key -> answer (text), the questions of its kind being core's FIELD_FORM_QUESTIONS.
  answers jsonb not null default '{}'::jsonb check (jsonb_typeof(answers) = 'object'),
  -- The key answer of its kind, kept as a column for tables and search.
  summary text not null default '',
  -- SIM management: what was done, on which network, to which SIM (ICCID); filtered on.
  sim_action text check (sim_action in ('SWAP', 'TOP_UP', 'NEW_SIM', 'DEACTIVATE')),
  sim_network text check (sim_network in ('MTN', 'AIRTEL', 'GLO', '9MOBILE')),
  sim_serial text,
  -- The scheduled visit a visitation form answers (the visits domain); no reference yet.
  visit_id integer,
  created_at timestamptz not null default now(),
  check ((kind = 'SIM_MANAGEMENT') = (sim_action is not null)),
  check ((latitude is null) = (longitude is null))
);

-- Every list pages newest first, by kind or over all kinds, and filters by merchant, terminal and state.
create index field_forms_kind on field_forms (kind, id desc);
create index field_forms_submitted on field_forms (submitted_at);
create index field_forms_business on field_forms (business_id, id desc) where business_id is not null;
create index field_forms_terminal on field_forms (terminal_id, id desc) where terminal_id is not null;
create index field_forms_state on field_forms (state_code, id desc);
create index field_forms_officer_prefix on field_forms (lower(officer_name) text_pattern_ops);
create index field_forms_sim_serial on field_forms (sim_serial) where sim_serial is not null;

-- A form's photos: the bytes live in the file store under file_key; what they are is kept here.
create table field_form_photos (
  id integer generated always as identity primary key,
  form_id integer not null references field_forms (id) on delete cascade,
  caption text not null default '',
  file_key text not null unique check (file_key ~ '^[0-9a-f]{64}$'),
  content_type text not null check (content_type in ('image/jpeg', 'image/png')),
  size_bytes integer not null check (size_bytes > 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
create index field_form_photos_form on field_form_photos (form_id, id);
