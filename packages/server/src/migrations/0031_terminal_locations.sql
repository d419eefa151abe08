-- Issue 17: terminal locations, the named places terminals are stocked in or deployed from. A
-- terminal names its place by location_id; its free-text location (0027) stays the detail: a
-- shelf, a store's address. A removed location keeps its row (removed_at) so what named it still
-- reads; removal is refused while any terminal is there.

create table terminal_locations (
  id integer generated always as identity primary key,
  name text not null check (length(name) between 2 and 80),
  address text not null,
  state_code text not null check (state_code ~ '^[A-Z]{2}$'),
  lga text,
  kind text not null check (kind in ('WAREHOUSE', 'MERCHANT_SITE', 'FIELD_OFFICE')),
  -- Terminals it can hold; null: no limit.
  capacity integer check (capacity > 0),
  -- An inactive location keeps its terminals but takes no more.
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  removed_at timestamptz,
  check (removed_at is null or not active)
);

-- Names are unique among the locations not removed, whatever their case.
create unique index terminal_locations_name on terminal_locations (lower(name)) where removed_at is null;
create index terminal_locations_state on terminal_locations (state_code, id) where removed_at is null;

alter table terminals add column location_id integer references terminal_locations (id);
create index terminals_location on terminals (location_id, id desc) where location_id is not null;
