-- Risk controls, second step: Providus re-push attempts, and the indexes the fixed-account,
-- bank-account and business-user lists need at 100,000 merchants.

-- Every Providus re-push, one row per session id, written BEFORE Providus is asked. A re-sent
-- notification credits the business, so while an attempt's outcome is unknown (`requested`: no
-- answer we could read; `timed-out`) or recent (`confirmed`), another re-push of the session is
-- refused. `failed`: Providus answered with an error, nothing was sent; it may be tried again.
create table providus_repushes (
  session_id text primary key,
  account_number text not null,
  fixed_account_id integer not null references fixed_accounts (id),
  business_id integer not null references businesses (id),
  status text not null check (status in ('requested', 'timed-out', 'confirmed', 'failed')),
  attempts integer not null default 1,
  bank_reference text,
  amount_kobo bigint,
  requested_by integer references admins (id),
  requested_at timestamptz not null,
  answered_at timestamptz
);
create index providus_repushes_account on providus_repushes (fixed_account_id, requested_at desc);

-- Fixed accounts: digits search the start of the number (plain, no lower(): it is all digits);
-- other text the start of the account name, lower-cased.
create index fixed_accounts_number_prefix on fixed_accounts (account_number text_pattern_ops);
create index fixed_accounts_name_prefix on fixed_accounts (lower(account_name) text_pattern_ops);
-- Inactive accounts: ACTIVE ones quiet since before a date, counting never-used ones from their
-- opening. The expression is the list's filter, character for character.
create index fixed_accounts_inactive on fixed_accounts ((coalesce(last_activity_at, created_at)), id) where status = 'ACTIVE';

-- Bank accounts: digits search the start of the account number.
create index bank_accounts_number_prefix on bank_accounts (account_number text_pattern_ops);

-- Business users: the start of the last name, or of "first last".
create index business_users_last_name on business_users (lower(last_name) text_pattern_ops);
create index business_users_full_name on business_users (lower(first_name || ' ' || last_name) text_pattern_ops);
