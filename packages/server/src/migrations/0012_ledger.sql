-- The ledger (issue 14): accounts and immutable transfers between them. The database itself
-- keeps the invariants (docs/decisions.md "Ledger"): positive amounts, transfers never edited,
-- a transfer reversed at most once and only by its mirror, wallet balances moved by every
-- transfer and never below zero unless allowed. Company accounts keep no balance row (hot
-- accounts): their balance is the sum of their transfers.

create table ledger_accounts (
  id serial primary key,
  code text not null unique,
  kind text not null check (kind in ('wallet', 'company')),
  business_id integer references businesses (id),
  wallet_uid uuid unique references wallets (uid),
  allow_negative boolean not null default false,
  -- Kept only for wallet accounts (moved by the transfers trigger); always 0 for company accounts.
  balance bigint not null default 0,
  created_at timestamptz not null default now(),
  constraint ledger_accounts_no_overdraft check (kind <> 'wallet' or allow_negative or balance >= 0),
  check ((kind = 'wallet') = (wallet_uid is not null)),
  check (kind = 'wallet' or balance = 0)
);

create table ledger_transfers (
  id bigint generated always as identity primary key,
  reference text not null unique,
  kind text not null check (kind in ('pos_credit', 'transfer_out', 'fee', 'cashback', 'reversal', 'credit', 'debit', 'adjustment')),
  debit_account_id integer not null references ledger_accounts (id),
  credit_account_id integer not null references ledger_accounts (id),
  amount bigint not null check (amount > 0),
  reverses_transfer_id bigint unique references ledger_transfers (id),
  command_id text,
  admin_id integer references admins (id),
  request_id text,
  narration text,
  created_at timestamptz not null default now(),
  check (debit_account_id <> credit_account_id),
  check ((kind = 'reversal') = (reverses_transfer_id is not null))
);
create index ledger_transfers_debit on ledger_transfers (debit_account_id, id);
create index ledger_transfers_credit on ledger_transfers (credit_account_id, id);

-- Transfers are history: a mistake is corrected by a reversal, never by an edit.
create function ledger_transfers_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'ledger transfers are immutable: % refused', tg_op using errcode = '55000';
end;
$$;
create trigger ledger_transfers_no_update before update or delete on ledger_transfers
  for each row execute function ledger_transfers_immutable();
create trigger ledger_transfers_no_truncate before truncate on ledger_transfers
  for each statement execute function ledger_transfers_immutable();

-- A reversal is the original's mirror: same amount, accounts swapped.
create function ledger_reversal_mirrors() returns trigger language plpgsql as $$
declare
  original ledger_transfers%rowtype;
begin
  select * into original from ledger_transfers where id = new.reverses_transfer_id;
  if not found then
    raise exception 'transfer % does not exist', new.reverses_transfer_id using errcode = '23503';
  end if;
  if original.amount <> new.amount
    or original.debit_account_id <> new.credit_account_id
    or original.credit_account_id <> new.debit_account_id then
    raise exception 'a reversal must mirror transfer % (same amount, accounts swapped)', original.id
      using errcode = '23514', constraint = 'ledger_transfers_reversal_mirrors';
  end if;
  return new;
end;
$$;
create trigger ledger_transfers_reversal before insert on ledger_transfers
  for each row when (new.reverses_transfer_id is not null) execute function ledger_reversal_mirrors();

-- Every transfer moves the balance of the wallet accounts it touches, in the same statement;
-- the balance check then refuses an overdraft. Company accounts are left alone (rollups).
create function ledger_move_wallet_balances() returns trigger language plpgsql as $$
begin
  update ledger_accounts set balance = balance - new.amount where id = new.debit_account_id and kind = 'wallet';
  update ledger_accounts set balance = balance + new.amount where id = new.credit_account_id and kind = 'wallet';
  return null;
end;
$$;
create trigger ledger_transfers_balances after insert on ledger_transfers
  for each row execute function ledger_move_wallet_balances();
