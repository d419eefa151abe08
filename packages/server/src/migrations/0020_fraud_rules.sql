-- Fraud rules on outgoing bank transfers (issue 15, the Fraud Rules Manager): the rules as data,
-- every change kept in their history, and the beneficiary accounts transfers may not be paid to.
-- Every enabled rule is evaluated for every transfer (domains/fraud-rules, evaluateTransferRules);
-- what each kind matches is written once in core (transfers/fraud-rules.ts).

create table fraud_rules (
  id serial primary key,
  name text not null check (length(name) between 1 and 80),
  kind text not null check (kind in ('amount_above', 'velocity', 'new_beneficiary_amount', 'blocked_beneficiary')),
  -- The kind's parameters, amounts in kobo: {"thresholdKobo": 500000000}, {"maxTransfers": 20, "maxAmountKobo": …}.
  params jsonb not null default '{}' check (jsonb_typeof(params) = 'object'),
  action text not null check (action in ('allow', 'hold', 'block')),
  enabled boolean not null default true,
  created_by integer references admins (id),
  created_at timestamptz not null default now(),
  updated_by integer references admins (id),
  updated_at timestamptz not null default now()
);
-- Names are how people, the audit log and a held transfer tell rules apart: unique whatever the case.
create unique index fraud_rules_name on fraud_rules (lower(name));

-- Each change of a rule: before and after as whole snapshots, who and why. No foreign key to the
-- rule: a deleted rule's history stays.
create table fraud_rule_versions (
  id serial primary key,
  rule_id integer not null,
  rule_name text not null,
  change text not null check (change in ('created', 'changed', 'enabled', 'disabled', 'deleted')),
  before jsonb,
  after jsonb,
  summary text not null,
  reason text not null,
  changed_by integer references admins (id),
  changed_at timestamptz not null default now()
);
create index fraud_rule_versions_rule on fraud_rule_versions (rule_id, id);

create table fraud_blocked_beneficiaries (
  id serial primary key,
  bank_code text not null check (bank_code ~ '^[0-9]{3}$'),
  account_number text not null check (account_number ~ '^[0-9]{10}$'),
  account_name text,
  reason text not null,
  added_by integer references admins (id),
  added_at timestamptz not null default now(),
  unique (bank_code, account_number)
);

-- The default rules: large transfers and busy merchants wait for a person; blocked accounts are refused.
insert into fraud_rules (name, kind, params, action) values
  ('Large transfers', 'amount_above', '{"thresholdKobo": 500000000}', 'hold'),
  ('Merchant velocity', 'velocity', '{"maxTransfers": 20, "maxAmountKobo": 1000000000}', 'hold'),
  ('Large amount to a new beneficiary', 'new_beneficiary_amount', '{"thresholdKobo": 100000000}', 'hold'),
  ('Blocked beneficiaries', 'blocked_beneficiary', '{}', 'block');

insert into fraud_rule_versions (rule_id, rule_name, change, after, summary, reason, changed_at)
select
  id,
  name,
  'created',
  jsonb_build_object('name', name, 'kind', kind, 'params', params, 'action', action, 'enabled', enabled),
  case kind
    when 'amount_above' then 'created: above ₦5,000,000.00, hold for review'
    when 'velocity' then 'created: more than 20 transfers or ₦10,000,000.00 per merchant per hour, hold for review'
    when 'new_beneficiary_amount' then 'created: above ₦1,000,000.00 to a beneficiary the merchant has never paid, hold for review'
    else 'created: the beneficiary account is on the blocked beneficiaries list, block'
  end,
  'A default rule (migration 0020)',
  created_at
from fraud_rules
order by id;
