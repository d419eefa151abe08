-- Wallet entries (issue 14): the wallet transaction log. One row for each wallet a transfer
-- moves, with the wallet's balance before and after, written by the same trigger that moves the
-- balance, in the same statement: the log cannot disagree with the ledger. Company accounts get
-- no entries (they keep no running balance: docs/decisions.md "Ledger").
--
-- Transfers gain the leg they belong to (a fee or cashback points at its principal, so the log
-- shows "amount, fee" on one row) and the counterparty a person would recognise.

alter table ledger_transfers add column parent_transfer_id bigint references ledger_transfers (id);
alter table ledger_transfers add column counterparty text;
create index ledger_transfers_parent on ledger_transfers (parent_transfer_id) where parent_transfer_id is not null;

create table ledger_wallet_entries (
  id bigint generated always as identity primary key,
  transfer_id bigint not null references ledger_transfers (id),
  account_id integer not null references ledger_accounts (id),
  business_id integer not null references businesses (id),
  direction text not null check (direction in ('credit', 'debit')),
  kind text not null,
  reference text not null,
  amount bigint not null check (amount > 0),
  balance_before bigint not null,
  balance_after bigint not null,
  created_at timestamptz not null,
  unique (transfer_id, account_id),
  check (balance_after = balance_before + case direction when 'credit' then amount else -amount end)
);
create index ledger_wallet_entries_business on ledger_wallet_entries (business_id, id);
create index ledger_wallet_entries_account on ledger_wallet_entries (account_id, id);
create index ledger_wallet_entries_created on ledger_wallet_entries (created_at, id);
create index ledger_wallet_entries_reference on ledger_wallet_entries (reference);

create trigger ledger_wallet_entries_no_update before update or delete on ledger_wallet_entries
  for each row execute function ledger_transfers_immutable();
create trigger ledger_wallet_entries_no_truncate before truncate on ledger_wallet_entries
  for each statement execute function ledger_transfers_immutable();

-- Entries of the transfers posted before this migration, balances replayed in transfer order.
insert into ledger_wallet_entries (transfer_id, account_id, business_id, direction, kind, reference, amount, balance_before, balance_after, created_at)
select t.id, leg.account_id, a.business_id, leg.direction, t.kind, t.reference, t.amount,
  sum(leg.delta) over running - leg.delta, sum(leg.delta) over running, t.created_at
from ledger_transfers t
cross join lateral (values (t.debit_account_id, 'debit', -t.amount), (t.credit_account_id, 'credit', t.amount)) as leg (account_id, direction, delta)
join ledger_accounts a on a.id = leg.account_id and a.kind = 'wallet'
window running as (partition by leg.account_id order by t.id)
order by t.id;

-- The balance move of 0012, now also writing the entry of each wallet it moves.
create or replace function ledger_move_wallet_balances() returns trigger language plpgsql as $$
declare
  moved bigint;
  owner integer;
begin
  update ledger_accounts set balance = balance - new.amount where id = new.debit_account_id and kind = 'wallet'
    returning balance, business_id into moved, owner;
  if found then
    insert into ledger_wallet_entries (transfer_id, account_id, business_id, direction, kind, reference, amount, balance_before, balance_after, created_at)
    values (new.id, new.debit_account_id, owner, 'debit', new.kind, new.reference, new.amount, moved + new.amount, moved, new.created_at);
  end if;
  update ledger_accounts set balance = balance + new.amount where id = new.credit_account_id and kind = 'wallet'
    returning balance, business_id into moved, owner;
  if found then
    insert into ledger_wallet_entries (transfer_id, account_id, business_id, direction, kind, reference, amount, balance_before, balance_after, created_at)
    values (new.id, new.credit_account_id, owner, 'credit', new.kind, new.reference, new.amount, moved - new.amount, moved, new.created_at);
  end if;
  return null;
end;
$$;
