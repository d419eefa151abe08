-- Outgoing bank transfers (issue 15). The money moves in the ledger (a transfer_out from the
-- source to the provider's float, with its fee leg); this table follows the transfer at the
-- provider: which provider, the NIP session id chosen before the first send (every resend
-- reuses it, so the provider never pays twice), each answer, the re-query schedule, and the
-- reversal of a final failure. HELD and BLOCKED transfers have posted nothing.

-- A batch of transfers: a bulk upload or a sweep. Both take their ids from here, so a
-- transfer's (batch_id, batch_row) names one row of one batch whichever kind it is.
create table transfer_batches (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('bulk', 'sweep')),
  created_at timestamptz not null default now()
);

create table bank_transfers (
  id bigint generated always as identity primary key,
  -- The ledger reference of the debit (its fee leg is FEE-<reference>).
  reference text not null unique,
  -- 30 characters, chosen once (NIP: sender's institution code, yymmddHHmmss, 12 random digits).
  session_id text not null unique,
  status text not null check (status in ('HELD', 'BLOCKED', 'QUEUED', 'SENDING', 'PENDING', 'SUCCESSFUL', 'FAILED')),
  origin text not null check (origin in ('single', 'payout', 'bulk', 'sweep', 'retry')),
  business_id integer references businesses (id),
  wallet_uid text,
  -- The ledger account the money leaves (wallet:<uid>, company:fee-income …).
  source_account_code text not null,
  amount bigint not null check (amount > 0),
  fee bigint not null default 0 check (fee >= 0),
  bank_code text not null,
  account_number text not null,
  account_name text not null,
  narration text not null,
  provider text not null,
  failed_over_from text,
  response_code text,
  response_message text,
  -- The ledger transfers: the debit once posted, and its reversal after a final failure.
  ledger_transfer_id bigint references ledger_transfers (id),
  reversal_transfer_id bigint references ledger_transfers (id),
  -- Why a failed transfer's reversal waits (the wallet refuses credits now), retried by a job.
  reversal_waiting text,
  rule_action text check (rule_action in ('allow', 'hold', 'block')),
  rule_evaluations jsonb not null default '[]',
  -- The bulk upload or sweep this is a row of: one transfer per row, ever (unique below).
  batch_id bigint references transfer_batches (id),
  batch_row integer,
  -- A failed transfer is retried at most once, by a new transfer.
  retry_of bigint unique references bank_transfers (id),
  send_attempts integer not null default 0,
  requery_count integer not null default 0,
  next_requery_at timestamptz,
  -- Pending past the re-query schedule: people decide (the Retry Portal).
  stuck_at timestamptz,
  created_by integer references admins (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  check ((status in ('HELD', 'BLOCKED')) = (ledger_transfer_id is null)),
  check (status = 'FAILED' or reversal_transfer_id is null),
  unique (batch_id, batch_row)
);

create index bank_transfers_created_idx on bank_transfers (created_at desc, id desc);
create index bank_transfers_status_idx on bank_transfers (status, id desc);
create index bank_transfers_business_idx on bank_transfers (business_id, id desc) where business_id is not null;
create index bank_transfers_batch_idx on bank_transfers (batch_id, batch_row) where batch_id is not null;
-- Velocity and new-beneficiary rules read a merchant's last hour and its past beneficiaries.
create index bank_transfers_beneficiary_idx on bank_transfers (business_id, bank_code, account_number) where status = 'SUCCESSFUL';
create index bank_transfers_attention_idx on bank_transfers (id desc) where stuck_at is not null or (status = 'FAILED' and reversal_waiting is null);

-- A transfer's life, step by step: what the detail page's history shows.
create table bank_transfer_events (
  id bigint generated always as identity primary key,
  transfer_id bigint not null references bank_transfers (id),
  status text not null,
  note text not null,
  response_code text,
  admin_id integer references admins (id),
  at timestamptz not null default now()
);
create index bank_transfer_events_transfer_idx on bank_transfer_events (transfer_id, id);
