-- Issue 18: loans to merchants and the automatic deductions that repay them
-- (docs/decisions.md "Loans and deductions"). Money moves only through the ledger: a loan's
-- disbursement, its charges, each repayment and a write-off are ledger transfers of their own
-- kinds; these tables say which loan and instalment each belongs to.

alter table ledger_transfers drop constraint ledger_transfers_kind_check;
alter table ledger_transfers add constraint ledger_transfers_kind_check
  check (kind in ('pos_credit', 'transfer_out', 'fee', 'cashback', 'reversal', 'credit', 'debit', 'adjustment', 'settlement',
                  'loan_disbursement', 'loan_charge', 'loan_repayment', 'loan_write_off'));

create table loans (
  id integer generated always as identity primary key,
  business_id integer not null references businesses (id),
  purpose text not null check (purpose in ('WORKING_CAPITAL', 'TERMINAL')),
  principal bigint not null check (principal > 0),
  -- Flat interest on the principal over the whole loan, in basis points, and what it came to.
  interest_bps integer not null check (interest_bps between 0 and 10000),
  interest bigint not null check (interest >= 0),
  fee bigint not null check (fee >= 0),
  total_repayable bigint not null,
  frequency text not null check (frequency in ('DAILY', 'WEEKLY')),
  instalments integer not null check (instalments between 1 and 365),
  status text not null check (status in ('REQUESTED', 'APPROVED', 'DECLINED', 'CANCELLED', 'DISBURSED', 'REPAYING', 'REPAID', 'DEFAULTED', 'WRITTEN_OFF')),
  -- Kept with every repayment (the sum of loan_repayments); never more than is owed.
  repaid bigint not null default 0,
  written_off bigint not null default 0 check (written_off >= 0),
  reason text not null,
  terminal_request_id integer references terminal_requests (id),
  approval_request_id integer references approval_requests (id),
  requested_by integer references admins (id),
  approved_by integer references admins (id),
  disbursed_by integer references admins (id),
  disbursement_transfer_id bigint references ledger_transfers (id),
  write_off_transfer_id bigint references ledger_transfers (id),
  disbursed_on date,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  approved_at timestamptz,
  disbursed_at timestamptz,
  -- When it was repaid, written off, declined or cancelled.
  closed_at timestamptz,
  check (total_repayable = principal + interest + fee),
  constraint loans_repaid_within_owed check (repaid >= 0 and repaid + written_off <= total_repayable),
  check ((disbursed_at is null) = (disbursement_transfer_id is null)),
  check (status not in ('DISBURSED', 'REPAYING', 'REPAID', 'DEFAULTED', 'WRITTEN_OFF') or disbursed_at is not null),
  check (status <> 'REPAID' or repaid = total_repayable)
);
create index loans_business on loans (business_id, id desc);
create index loans_status on loans (status, id desc);
create index loans_created on loans (created_at desc, id desc);

create table loan_instalments (
  loan_id integer not null references loans (id),
  number integer not null check (number >= 1),
  due_date date not null,
  amount bigint not null check (amount > 0),
  paid bigint not null default 0,
  paid_at timestamptz,
  primary key (loan_id, number),
  -- A deduction never takes more than the instalment due.
  constraint loan_instalments_paid_within_due check (paid >= 0 and paid <= amount),
  check ((paid = amount) = (paid_at is not null))
);
-- What runs look for: instalments due by a day and not fully paid.
create index loan_instalments_unpaid on loan_instalments (due_date, loan_id) where paid < amount;

create table deduction_runs (
  id integer generated always as identity primary key,
  scope text not null check (scope in ('INIT', 'BULK')),
  as_of date not null,
  -- BULK: the settings chosen when it was started; INIT: null (every active setting).
  setting_ids integer[],
  status text not null check (status in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  job_id integer references jobs (id),
  created_by integer references admins (id),
  created_at timestamptz not null,
  finished_at timestamptz,
  failure text,
  check ((scope = 'BULK') = (setting_ids is not null))
);
create index deduction_runs_created on deduction_runs (id desc);

create table loan_repayments (
  id bigint generated always as identity primary key,
  loan_id integer not null,
  instalment integer not null,
  amount bigint not null check (amount > 0),
  -- One ledger transfer (wallet → loans receivable) per repayment.
  transfer_id bigint not null unique references ledger_transfers (id),
  run_id integer references deduction_runs (id),
  created_at timestamptz not null,
  foreign key (loan_id, instalment) references loan_instalments (loan_id, number)
);
create index loan_repayments_loan on loan_repayments (loan_id, id);
create index loan_repayments_created on loan_repayments (created_at, id);

create table loan_events (
  id integer generated always as identity primary key,
  loan_id integer not null references loans (id),
  from_status text,
  to_status text not null,
  note text,
  admin_id integer references admins (id),
  at timestamptz not null
);
create index loan_events_loan on loan_events (loan_id, id);

create table deduction_settings (
  id integer generated always as identity primary key,
  -- One setting per loan.
  loan_id integer not null unique references loans (id),
  status text not null check (status in ('ACTIVE', 'PAUSED')),
  -- The most one run takes for the loan; null: every instalment due.
  cap_per_run bigint check (cap_per_run > 0),
  allow_partial boolean not null default true,
  -- How the loan came under deduction: on disbursement, or from a deduction file.
  source text not null check (source in ('DISBURSEMENT', 'UPLOAD')),
  created_by integer references admins (id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  last_run_at timestamptz
);
create index deduction_settings_status on deduction_settings (status, id);

-- What a run did with each due instalment it reached: at most once per run and instalment.
create table deduction_run_items (
  id bigint generated always as identity primary key,
  run_id integer not null references deduction_runs (id),
  loan_id integer not null references loans (id),
  instalment integer not null,
  due_date date not null,
  -- What was still due on the instalment when the run reached it, and what it took.
  due bigint not null check (due > 0),
  taken bigint not null check (taken >= 0 and taken <= due),
  state text not null check (state in ('TAKEN', 'PARTLY_TAKEN', 'NOT_TAKEN')),
  reason text,
  repayment_id bigint references loan_repayments (id),
  at timestamptz not null,
  unique (run_id, loan_id, instalment),
  check ((state = 'TAKEN') = (taken = due)),
  check ((state = 'NOT_TAKEN') = (taken = 0)),
  check ((taken > 0) = (repayment_id is not null))
);
create index deduction_run_items_run on deduction_run_items (run_id, id);

-- A second admin approves each loan under this policy before it can be disbursed.
insert into approval_policies (command_id, label, expiry_hours) values ('loans.approve', 'Loan', 72);
insert into approval_policy_bands (command_id, position, up_to_kobo, permission, department_id) values
  ('loans.approve', 0, 500000000, 'loans.approve', null),
  ('loans.approve', 1, null, 'loans.approve', (select id from departments where name = 'Finance'));
