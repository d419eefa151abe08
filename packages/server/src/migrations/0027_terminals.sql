-- Issue 17: POS terminals. A terminal's state follows core's TERMINAL_MOVES (checked by the
-- terminals domain, which writes a terminal_events row for every change in the same transaction).

create table terminals (
  id integer generated always as identity primary key,
  -- The maker's serial number, in capitals; a bare number is padded to 3 digits (spec §5).
  serial_no text not null unique check (serial_no ~ '^[0-9A-Z-]{3,30}$'),
  -- The terminal id the processors know it by.
  terminal_id text not null unique check (terminal_id ~ '^[0-9A-Z]{8}$'),
  provider text not null,
  model text not null,
  bank_code text not null check (bank_code ~ '^[0-9]{3}$'),
  state text not null default 'IN_STOCK'
    check (state in ('IN_STOCK', 'ASSIGNED', 'IN_TRANSIT', 'DEPLOYED', 'FAULTY', 'RETRIEVED', 'DECOMMISSIONED')),
  business_id integer references businesses (id),
  store_id integer references stores (id),
  location text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- With a merchant exactly while assigned, in transit or deployed; a store only with its merchant.
  check ((state in ('ASSIGNED', 'IN_TRANSIT', 'DEPLOYED')) = (business_id is not null)),
  check (store_id is null or business_id is not null)
);

-- The list: newest first, by state, by merchant, by provider.
create index terminals_state on terminals (state, id desc);
create index terminals_business on terminals (business_id, id desc) where business_id is not null;
create index terminals_provider on terminals (provider, id desc);

-- Everything that happened to a terminal (its History page): mappings, states, locations, prices.
create table terminal_events (
  id bigint generated always as identity primary key,
  terminal_id integer not null references terminals (id),
  type text not null check (type in ('mapping', 'state', 'location', 'price')),
  summary text not null,
  from_state text,
  to_state text,
  business_id integer references businesses (id),
  note text,
  admin_id integer references admins (id),
  at timestamptz not null default now()
);
create index terminal_events_terminal on terminal_events (terminal_id, id desc);
