-- Transfer routing (issue 15): which provider sends transfers to which bank, which providers an
-- admin marked down, and the switching middleware of card transactions; every change kept with
-- its reason. Also the sandbox transfer providers' own records, as a real provider keeps them.

-- The provider of all banks (bank_code '*') and of banks routed elsewhere (a 3-digit CBN code).
create table transfer_routes (
  bank_code text primary key check (bank_code = '*' or bank_code ~ '^[0-9]{3}$'),
  provider text not null check (provider in ('providus', 'vfd', 'wema')),
  reason text,
  changed_by integer references admins (id),
  changed_at timestamptz
);
insert into transfer_routes (bank_code, provider) values ('*', 'providus');

-- Whether an admin marked a provider down: new transfers routed to it fail over to the next one up.
create table transfer_provider_states (
  provider text primary key check (provider in ('providus', 'vfd', 'wema')),
  down boolean not null default false,
  reason text,
  changed_by integer references admins (id),
  changed_at timestamptz
);
insert into transfer_provider_states (provider) values ('providus'), ('vfd'), ('wema');

-- The switch card (POS) transactions go through: one row.
create table switching_middleware (
  id boolean primary key default true check (id),
  middleware text not null check (middleware in ('NIBSS_PTSP', 'INTERSWITCH', 'UPSL')),
  reason text,
  changed_by integer references admins (id),
  changed_at timestamptz
);
insert into switching_middleware (id, middleware) values (true, 'NIBSS_PTSP');

-- Every change of the three above, for the portals' history (the audit log has it too, in sentences).
create table transfer_routing_changes (
  id bigserial primary key,
  area text not null check (area in ('providers', 'middleware')),
  -- 'route:*', 'route:058', 'provider:vfd' or 'middleware'.
  subject text not null,
  from_value text,
  to_value text not null,
  reason text not null,
  changed_by integer references admins (id),
  changed_at timestamptz not null
);
create index transfer_routing_changes_by_area on transfer_routing_changes (area, id desc);

-- The sandbox providers' side (providers/transfers/sandbox-transfer-provider.ts): what each one
-- received, written through its own connection, outside our transactions, so that it survives our
-- server being killed as a real provider's records would. Our own tables never read it.
create table sandbox_transfer_sessions (
  provider text not null,
  session_id text not null,
  reference text not null,
  amount bigint not null,
  bank_code text not null,
  account_number text not null,
  account_name text not null,
  -- The first answer (pending: 09), and the outcome it turns into at final_at.
  outcome text not null check (outcome in ('success', 'failed', 'pending')),
  final_outcome text not null check (final_outcome in ('success', 'failed')),
  final_code text not null,
  final_message text not null,
  final_at timestamptz not null,
  received_at timestamptz not null,
  -- Times this session id was sent: more than 1 means a resend, refused as a duplicate (never paid twice).
  sends integer not null default 1,
  primary key (provider, session_id)
);

-- Sandbox providers switched off for a rehearsal of an outage: every call fails as unavailable.
create table sandbox_transfer_outages (
  provider text primary key check (provider in ('providus', 'vfd', 'wema')),
  since timestamptz not null
);
