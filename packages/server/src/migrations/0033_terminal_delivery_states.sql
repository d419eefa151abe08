-- Issue 17: terminal delivery states (Settings, /terminal-delivery-portal), the steps a request's
-- delivery passes through, in the order the console lists them. A request names the one it is at
-- (terminal_requests.delivery_state_id); a state a request is at cannot be deleted (the foreign
-- key says so too), only made inactive. The usual six are loaded here, so a fresh database can
-- deliver before anyone opens Settings.

create table terminal_delivery_states (
  id integer generated always as identity primary key,
  name text not null check (length(name) between 2 and 60),
  description text,
  -- Its place in the list, from 1; the commands keep the places 1..n without gaps.
  position integer not null check (position > 0),
  -- An inactive state keeps the requests in it but takes no more.
  active boolean not null default true,
  -- A request in it has been delivered: the delivery is over.
  delivered boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Names are unique whatever their case.
create unique index terminal_delivery_states_name on terminal_delivery_states (lower(name));
create index terminal_delivery_states_position on terminal_delivery_states (position, id);

insert into terminal_delivery_states (name, description, position, delivered) values
  ('Packed', 'Packed at the warehouse, waiting for a courier', 1, false),
  ('Handed to courier', 'Collected by the courier or field officer', 2, false),
  ('Out for delivery', 'On its way to the merchant today', 3, false),
  ('Delivered', 'Received at the merchant''s address', 4, true),
  ('Failed delivery', 'The courier could not deliver (merchant away, wrong address); another attempt follows', 5, false),
  ('Returned to warehouse', 'Brought back after failed deliveries', 6, false);

alter table terminal_requests add column delivery_state_id integer references terminal_delivery_states (id);
-- How many requests are in each state (the list's count) and whether one may be deleted.
create index terminal_requests_delivery_state on terminal_requests (delivery_state_id) where delivery_state_id is not null;
