-- Approvals (issue 14, four-eyes): which actions need a second admin is data, not code.
--
-- A policy names an action (`wallets.credit`, `wallets.debit`; transfers, sweeps and settlements
-- add theirs later), how long its requests wait, and amount bands: the band an amount falls in
-- says which permission, and optionally which department, the second admin must hold. A request
-- names the action, the business, the amount, the input to run once approved, and who asked;
-- approving runs it (the approvals domain calls the executor registered for the action) in the
-- same transaction that records the decision.

create table approval_policies (
  command_id text primary key,
  -- What the queue calls a request of this action ("Wallet credit").
  label text not null,
  -- A request not decided within this many hours expires (it can no longer be approved).
  expiry_hours integer not null check (expiry_hours between 1 and 720),
  updated_by integer references admins (id),
  updated_at timestamptz not null default now()
);

create table approval_policy_bands (
  command_id text not null references approval_policies (command_id) on delete cascade,
  -- Bands in ascending order of their upper bound; the last has none (every amount has a band).
  position smallint not null check (position >= 0),
  -- Amounts up to and including this many kobo fall in the band; null: no upper bound.
  up_to_kobo bigint check (up_to_kobo > 0),
  -- The permission the deciding admin must hold.
  permission text not null,
  -- The department the deciding admin must belong to; null: any department (or none).
  department_id integer references departments (id),
  primary key (command_id, position)
);

create table approval_requests (
  id serial primary key,
  command_id text not null references approval_policies (command_id),
  business_id integer not null references businesses (id),
  amount bigint not null check (amount > 0),
  reason text not null,
  -- What runs once approved, as the requesting command wrote it (the executor reads it).
  input jsonb not null default '{}',
  evidence_upload_id integer references uploads (id),
  requested_by integer not null references admins (id),
  requested_at timestamptz not null,
  expires_at timestamptz not null,
  -- EXPIRED is not stored by the console: a PENDING request past expires_at reads as EXPIRED
  -- (so no job has to run for a request to expire); the value is allowed for a later sweep.
  status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED', 'DECLINED', 'EXPIRED')),
  decided_by integer references admins (id),
  decided_at timestamptz,
  decision_note text,
  -- The ledger reference the approval posted (`CR-12`), when it posted one.
  transfer_reference text unique,
  check (expires_at > requested_at),
  check ((status in ('APPROVED', 'DECLINED')) = (decided_by is not null and decided_at is not null)),
  -- Four-eyes, kept by the database too: nobody decides their own request.
  constraint approval_requests_four_eyes check (decided_by is null or decided_by <> requested_by)
);
-- The queue: pending requests, oldest first.
create index approval_requests_pending on approval_requests (requested_at, id) where status = 'PENDING';
create index approval_requests_business on approval_requests (business_id, id);
create index approval_requests_command on approval_requests (command_id, id);

-- Defaults: credits and debits of a wallet by hand. Up to ₦500,000.00 any admin holding
-- wallets.credit.authorise; above that only such an admin of the Finance department. A request
-- waits 72 hours (a long weekend) before it expires.
insert into approval_policies (command_id, label, expiry_hours) values
  ('wallets.credit', 'Wallet credit', 72),
  ('wallets.debit', 'Wallet debit', 72);

insert into approval_policy_bands (command_id, position, up_to_kobo, permission, department_id)
select p.command_id, b.position, b.up_to_kobo, 'wallets.credit.authorise',
       case when b.finance then (select id from departments where name = 'Finance') end
from approval_policies p
cross join (values (0, 50000000::bigint, false), (1, null::bigint, true)) as b (position, up_to_kobo, finance);
