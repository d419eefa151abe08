-- Settlements wait for a second admin only above an amount (issue 16: "both need approval above
-- the policy's amount"): a policy may now name the amount at or below which its action runs at
-- once. Null (every policy before this one): every request waits for a decision.
alter table approval_policies add column approval_above_kobo bigint check (approval_above_kobo is null or approval_above_kobo >= 0);

-- Settling more than ₦5,000,000.00 of merchants' money in one go (net, to wallets or marked as
-- paid outside) needs a second admin holding settlements.settle; above ₦50,000,000.00, one of Finance.
insert into approval_policies (command_id, label, expiry_hours, approval_above_kobo) values ('settlements.settle', 'Settlement', 48, 500000000);
insert into approval_policy_bands (command_id, position, up_to_kobo, permission, department_id) values
  ('settlements.settle', 0, 5000000000, 'settlements.settle', null),
  ('settlements.settle', 1, null, 'settlements.settle', (select id from departments where name = 'Finance'));
