-- Bulk sweeps (issue 15 §5): the balances of many merchant wallets, each as one outgoing transfer,
-- to one bank account. A sweep is previewed and saved as a draft, submitted for a second admin's
-- approval, then swept by a background job. Its id is a transfer batch's (transfer_batches), so
-- each source's transfer carries (batch_id = sweep, batch_row = row): one transfer per source,
-- ever, which is what makes a restarted run skip the sources an earlier run swept.

create table sweeps (
  id bigint primary key references transfer_batches (id),
  -- DECLINED and EXPIRED are not stored: they are read from the approval request. DONE is not
  -- either: it is read from the sources' transfers (every one final).
  status text not null default 'DRAFT' check (status in ('DRAFT', 'AWAITING_APPROVAL', 'RUNNING', 'CANCELLED')),
  -- The destination, confirmed by name enquiry when the sweep was made.
  bank_code text not null,
  bank_name text not null,
  account_number text not null,
  account_name text not null,
  narration text not null,
  -- Kobo left in each source wallet.
  leave_behind bigint not null default 0 check (leave_behind >= 0),
  -- The transfer fee when previewed.
  fee bigint not null check (fee >= 0),
  -- How the sources were chosen, in words, and as asked ({ ids } or { matching, except }).
  selection_text text not null,
  selection jsonb not null,
  source_count integer not null check (source_count >= 0),
  skipped_count integer not null check (skipped_count >= 0),
  -- Wallets the filter matched that held nothing to sweep: counted, not listed.
  ignored_count integer not null default 0 check (ignored_count >= 0),
  -- The preview's amounts and fees of the sources to sweep.
  total bigint not null check (total >= 0),
  fees bigint not null check (fees >= 0),
  reason text,
  approval_request_id integer references approval_requests (id),
  job_id bigint references jobs (id),
  created_by integer not null references admins (id),
  created_at timestamptz not null,
  submitted_by integer references admins (id),
  submitted_at timestamptz,
  approved_by integer references admins (id),
  approved_at timestamptz,
  cancelled_by integer references admins (id),
  cancelled_at timestamptz,
  updated_at timestamptz not null
);
create index sweeps_created_idx on sweeps (id desc);
create index sweeps_status_idx on sweeps (status, id desc);

create table sweep_rows (
  sweep_id bigint not null references sweeps (id),
  -- 1-based, in the preview's order.
  row_number integer not null check (row_number > 0),
  business_id integer not null references businesses (id),
  wallet_uid text,
  -- The fixed account people know the wallet by, as it was when previewed.
  fixed_account_bank text,
  fixed_account_number text,
  fixed_account_name text,
  -- What the preview read and found to sweep; a skipped source's amount is 0.
  balance bigint not null,
  amount bigint not null check (amount >= 0),
  -- SKIPPED: never swept (skip_reason says why). WAITING: to be swept. REFUSED: the run could not
  -- start its transfer (refusal says why), nothing moved. STARTED: its transfer exists.
  state text not null check (state in ('SKIPPED', 'WAITING', 'REFUSED', 'STARTED')),
  skip_rule text,
  skip_reason text,
  -- What the run found and did.
  balance_at_run bigint,
  swept bigint check (swept > 0),
  refusal text,
  transfer_id bigint references bank_transfers (id),
  updated_at timestamptz,
  primary key (sweep_id, row_number),
  check ((state = 'SKIPPED') = (skip_reason is not null)),
  check ((state = 'STARTED') = (transfer_id is not null)),
  check (state <> 'WAITING' or amount > 0)
);
-- The run's next sources to sweep.
create index sweep_rows_waiting_idx on sweep_rows (sweep_id, row_number) where state = 'WAITING';
-- The history filtered by a business.
create index sweep_rows_business_idx on sweep_rows (business_id, sweep_id);

-- Who approves a sweep: up to ₦5,000,000.00 any other admin holding transfers.bulk; above it,
-- such an admin of the Finance department (as bulk uploads). Balances move by the hour, so a
-- request waits 24 hours; the run never sweeps more than was approved.
insert into approval_policies (command_id, label, expiry_hours) values ('transfers.sweep', 'Bulk sweep', 24);
insert into approval_policy_bands (command_id, position, up_to_kobo, permission, department_id) values
  ('transfers.sweep', 0, 500000000, 'transfers.bulk', null),
  ('transfers.sweep', 1, null, 'transfers.bulk', (select id from departments where name = 'Finance'));
