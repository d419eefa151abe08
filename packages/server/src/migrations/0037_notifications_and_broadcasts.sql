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
