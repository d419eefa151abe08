-- Emails a command asks for are written here in its transaction and sent after it commits, so a
-- rolled-back command never sends one and a failed send never undoes a change that stands. A
-- background worker retries what could not be sent.

-- `pending`: waiting for its next attempt at `next_attempt_at`. `sending`: claimed by a process
-- until `next_attempt_at` (a process that died mid-send lets another take it over then).
-- `sent` and `failed` (given up) are final: the body and data, which hold a live link token, are
-- blanked and only who, what and how it went are kept.
create table email_outbox (
  id serial primary key,
  kind text not null,
  to_address text not null,
  subject text not null,
  body text,
  data jsonb,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null,
  -- the link in the message stops working then: sending it later would only confuse
  discard_after timestamptz,
  provider_message_id text,
  created_at timestamptz not null,
  sent_at timestamptz,
  given_up_at timestamptz,
  check (status in ('pending', 'sending') or (body is null and data is null))
);
create index email_outbox_due on email_outbox (next_attempt_at, id) where status in ('pending', 'sending');
create index email_outbox_to on email_outbox (lower(to_address), id desc);

-- Signup and "another business" refuse a second business of the same name (any case) for the
-- same owner email, checked before inserting; two requests at once both passed that check. The
-- business row carries its owner's email, so this index settles the race: the second insert
-- fails (23505) and is answered with the same 409. One array rather than two columns: an index
-- starting with lower(email) would compete with businesses_email_prefix for prefix searches.
create unique index businesses_owner_email_name on businesses ((array[lower(email), lower(name)]));
