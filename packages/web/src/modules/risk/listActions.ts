import { blacklistFixedAccountsBulk, deactivateFixedAccount, renameFixedAccount, repushFixedAccount, toggleTrust, updateFraudStatusBulk } from '@traction/core';
import { bulkAction } from '../list/bulkAction';
import type { ListBulkAction } from '../list/ListBulkAction';

type Row = Readonly<Record<string, unknown>>;

/** "Mama Put Kitchen (#42)" for one business row. */
const business = (row: Row) => `${String(row.name)} (#${String(row.id)})`;
/** "0123456789 at WEMA (Traction/Mama Put)" for one fixed account row. */
const account = (row: Row) => `${String(row.accountNumber)} at ${String(row.bank)} (“${String(row.accountName)}”)`;
const only = (rows: readonly Row[]) => (rows.length === 1 ? rows[0] : undefined);

/**
 * The selection bars of the risk pages: each button says what it does and decides the on/off
 * input, so the form asks only for the reason and cannot do the opposite of its label.
 */
export const FRAUD_ACTIONS: readonly ListBulkAction[] = [
  bulkAction({
    command: updateFraudStatusBulk,
    label: 'Mark as fraud',
    fixed: { is_fraud: true },
    tone: 'danger',
    subject: (rows) => {
      const row = only(rows);
      return row
        ? `Mark ${business(row)} as fraud: all money in and out stops and its trust is removed.`
        : `Mark ${rows.length} selected businesses as fraud: all money in and out stops and their trust is removed.`;
    },
  }),
  bulkAction({
    command: updateFraudStatusBulk,
    label: 'Clear fraud',
    fixed: { is_fraud: false },
    subject: (rows) => {
      const row = only(rows);
      return row
        ? `Clear the fraud mark on ${business(row)}: money moves again as its wallet allows.`
        : `Clear the fraud mark on ${rows.length} selected businesses: money moves again as their wallets allow.`;
    },
  }),
];

export const BLACKLIST_ACTION: ListBulkAction = bulkAction({
  command: blacklistFixedAccountsBulk,
  label: 'Blacklist',
  fixed: { blacklist: true },
  tone: 'danger',
});
export const WHITELIST_ACTION: ListBulkAction = bulkAction({ command: blacklistFixedAccountsBulk, label: 'Whitelist', fixed: { blacklist: false } });

export const TRUST_ACTIONS: readonly ListBulkAction[] = [
  bulkAction({
    command: toggleTrust,
    label: 'Trust',
    fixed: { isTrusted: true },
    // The server refuses it (409) for a business marked as fraud: say so before anyone confirms twice.
    unavailable: (rows) => {
      const row = only(rows);
      if (row?.isFraud) return `${String(row.name)} is marked as fraud and cannot be trusted; clear the fraud mark first.`;
      if (row?.isTrusted) return `${String(row.name)} is already trusted.`;
      return undefined;
    },
    subject: (rows) => (only(rows) ? `Trust ${business(only(rows)!)}: it skips the reviews meant for unknown merchants.` : 'Trust the selected business'),
  }),
  bulkAction({
    command: toggleTrust,
    label: 'Withdraw trust',
    fixed: { isTrusted: false },
    tone: 'danger',
    unavailable: (rows) => {
      const row = only(rows);
      return row && !row.isTrusted ? `${String(row.name)} is not trusted.` : undefined;
    },
    subject: (rows) =>
      only(rows) ? `Withdraw the trust of ${business(only(rows)!)}: it goes through the usual reviews again.` : 'Withdraw trust from the selected business',
  }),
];

export const INACTIVE_ACTIONS: readonly ListBulkAction[] = [
  bulkAction({
    command: deactivateFixedAccount,
    label: 'Deactivate',
    tone: 'danger',
    subject: (rows) =>
      only(rows)
        ? `Deactivate ${account(only(rows)!)}: it is closed at the bank and payments into it are refused from then on.`
        : 'Deactivate the selected account',
  }),
  bulkAction({
    command: repushFixedAccount,
    label: 'Re-push',
    subject: (rows) =>
      only(rows)
        ? `Re-push ${account(only(rows)!)}: register it with the bank again so payments reach ${String(only(rows)!.businessName)}.`
        : 'Re-push the selected account',
  }),
  bulkAction({
    command: renameFixedAccount,
    label: 'Rename to business name',
    // No name typed: the server names it "Traction/" and the business's current name, which the confirmation can then show.
    fixed: { accountName: undefined },
    subject: (rows) => {
      const row = only(rows);
      return row
        ? `Rename ${String(row.accountNumber)} at ${String(row.bank)}: “${String(row.accountName)}” → “${`Traction/${String(row.businessName)}`.slice(0, 60)}”`
        : 'Rename the selected account';
    },
  }),
];
