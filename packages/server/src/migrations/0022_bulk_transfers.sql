-- Bulk transfer uploads (issue 15 §4). An upload is a file of transfers checked row by row,
-- submitted for a second admin's approval, then sent by a background job. Its id is a transfer
-- batch's (transfer_batches), so its rows' transfers carry (batch_id = upload, batch_row = row):
-- one transfer per row, ever (bank_transfers' unique key), which is what makes a restarted run
-- skip what an earlier run started.
--
-- The file's bytes are not kept: its parsed rows are (with its name, size and SHA-256), since
-- they are what is checked, approved and sent, and the results file is made from them.

create table bulk_transfer_uploads (
  id bigint primary key references transfer_batches (id),
  file_name text not null,
  -- Of the file's bytes, hex: a re-run of the CLI finds the upload of the same file by it.
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  size_bytes integer not null check (size_bytes > 0),
  format text not null check (format in ('csv', 'xlsx')),
  -- The source: a business's wallet, or a company account.
  business_id integer references businesses (id),
  wallet_uid text,
  company_account text check (company_account in ('fee-income', 'adjustments')),
  -- "Mama Put Foods" or "Fee income", as it was when uploaded.
  source_name text not null,
  -- DECLINED and EXPIRED are not stored: they are read from the approval request (a pending
  -- request past its expiry is expired without anything running).
  status text not null default 'VALIDATED' check (status in ('VALIDATED', 'AWAITING_APPROVAL', 'RUNNING', 'DONE', 'CANCELLED')),
  row_count integer not null check (row_count >= 0),
  valid_rows integer not null check (valid_rows >= 0),
  bad_rows integer not null check (bad_rows >= 0),
  -- The valid rows' amounts, and their transfer fees (the fee of a transfer when checked).
  total bigint not null check (total >= 0),
  fees bigint not null check (fees >= 0),
  excluded_rows integer not null default 0,
  -- Why it was submitted, as the approver reads it.
  reason text,
  approval_request_id integer references approval_requests (id),
  job_id bigint references jobs (id),
  created_by integer not null references admins (id),
  created_at timestamptz not null,
  submitted_by integer references admins (id),
  submitted_at timestamptz,
  -- Who approved it and when is the approval request's decision.
  cancelled_by integer references admins (id),
  cancelled_at timestamptz,
  cancel_reason text,
  finished_at timestamptz,
  updated_at timestamptz not null,
  -- Progress as the run last counted it, for the list of uploads; one upload's page counts afresh.
  succeeded integer not null default 0,
  failed integer not null default 0,
  pending integer not null default 0,
  amount_moved bigint not null default 0,
  check ((business_id is null) <> (company_account is null)),
  check ((business_id is null) = (wallet_uid is null))
);
create index bulk_transfer_uploads_sha256_idx on bulk_transfer_uploads (sha256, id desc);
create index bulk_transfer_uploads_business_idx on bulk_transfer_uploads (business_id, id desc) where business_id is not null;
create index bulk_transfer_uploads_status_idx on bulk_transfer_uploads (status, id desc);

create table bulk_transfer_rows (
  upload_id bigint not null references bulk_transfer_uploads (id),
  -- 1-based, counting data rows (the header is not a row).
  row_number integer not null check (row_number > 0),
  -- INVALID: a check failed (problems say which). EXCLUDED: invalid and left out when submitted.
  -- WAITING: to be sent. REFUSED: the run could not start its transfer (refusal says why),
  -- nothing moved; retried on demand. STARTED: its transfer exists (bank_transfers by batch row).
  state text not null check (state in ('INVALID', 'EXCLUDED', 'WAITING', 'REFUSED', 'STARTED')),
  -- As written in the file, and as read.
  bank_input text not null,
  bank_code text not null,
  account_number text not null,
  amount_input text not null,
  amount bigint not null check (amount >= 0),
  narration text not null,
  -- The file's reference, or BULK-<upload>-<row>.
  reference text not null,
  expected_name text not null,
  -- What the bank's name enquiry answered; the transfer is sent to this name.
  account_name text not null,
  -- [{ field, message }], empty for a valid row.
  problems jsonb not null default '[]',
  refusal text,
  updated_at timestamptz not null,
  primary key (upload_id, row_number),
  check ((state = 'INVALID' or state = 'EXCLUDED') = (problems <> '[]'::jsonb))
);
-- The run's next rows to send.
create index bulk_transfer_rows_waiting_idx on bulk_transfer_rows (upload_id, row_number) where state = 'WAITING';

-- A bulk upload from a company account has no business: its approval request names none.
alter table approval_requests alter column business_id drop not null;

-- Who approves a bulk upload: up to ₦5,000,000.00 any other admin holding transfers.bulk; above
-- it, such an admin of the Finance department. Payroll is paid the day it is approved or not at
-- all, so a request waits 48 hours.
insert into approval_policies (command_id, label, expiry_hours) values ('transfers.bulk', 'Bulk transfer', 48);
insert into approval_policy_bands (command_id, position, up_to_kobo, permission, department_id) values
  ('transfers.bulk', 0, 500000000, 'transfers.bulk', null),
  ('transfers.bulk', 1, null, 'transfers.bulk', (select id from departments where name = 'Finance'));
