import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../column-types';

/** Whole kobo: read as bigint, written as bigint or a safe integer. */
type Kobo = ColumnType<bigint, bigint | number, bigint | number>;

export type LedgerAccountKind = 'wallet' | 'company';
export type TransferKind =
  | 'pos_credit'
  | 'transfer_out'
  | 'fee'
  | 'cashback'
  | 'reversal'
  | 'credit'
  | 'debit'
  | 'adjustment'
  | 'settlement'
  | 'loan_disbursement'
  | 'loan_charge'
  | 'loan_repayment'
  | 'loan_write_off';

/** A ledger account (0012): a merchant wallet's, or one of the company's own. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  code: string;
  kind: LedgerAccountKind;
  business_id: number | null;
  wallet_uid: string | null;
  allow_negative: Generated<boolean>;
  /** Wallet accounts only, moved by the transfers trigger; never written by code. */
  balance: ColumnType<bigint, never, never>;
  created_at: CreatedAt;
}

/** An immutable transfer of whole kobo from one account to another (0012). */
export interface LedgerTransfersTable {
  id: ColumnType<bigint, never, never>;
  reference: string;
  kind: TransferKind;
  debit_account_id: number;
  credit_account_id: number;
  amount: Kobo;
  reverses_transfer_id: ColumnType<bigint | null, bigint | number | null, never>;
  command_id: string | null;
  admin_id: number | null;
  request_id: string | null;
  narration: string | null;
  /** The principal a fee or cashback leg belongs to (0013). */
  parent_transfer_id: ColumnType<bigint | null, bigint | number | null, never>;
  /** Who is on the other side, as a person would recognise them (a bank account, a terminal) (0013). */
  counterparty: string | null;
  created_at: CreatedAt;
}

/** One wallet moved by one transfer, with its balance before and after (0013): the wallet transaction log. Written only by the transfers trigger. */
export interface LedgerWalletEntriesTable {
  id: ColumnType<bigint, never, never>;
  transfer_id: ColumnType<bigint, never, never>;
  account_id: ColumnType<number, never, never>;
  business_id: ColumnType<number, never, never>;
  direction: ColumnType<'credit' | 'debit', never, never>;
  kind: ColumnType<TransferKind, never, never>;
  reference: ColumnType<string, never, never>;
  amount: ColumnType<bigint, never, never>;
  balance_before: ColumnType<bigint, never, never>;
  balance_after: ColumnType<bigint, never, never>;
  created_at: ColumnType<Date, never, never>;
}
