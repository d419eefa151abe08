import { z } from 'zod';
import { defineCommand } from '../../command';
import { enumWords } from '../audit/audit-words';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, searchField } from '../../schemas/common';
import { walletStatusField } from '../../schemas/business';
import { reasonField, walletRow } from '../../schemas/risk';

/** A wallet's uid (a UUID). */
export const walletUidField = z
  .string()
  .trim()
  .toLowerCase()
  .max(36, 'must be a wallet uid (a UUID)')
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a wallet uid (a UUID)')
  .meta({ examples: ['6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b'] });

export const listWallets = defineCommand({
  id: 'wallets.list',
  group: 'wallets',
  action: 'list',
  title: 'List wallets',
  description: 'Business wallets with their balance and status (PND accounts are status PND), newest business first.',
  keywords: ['wallet management portal', 'balances', 'pnd accounts', 'post no debit', 'frozen wallets'],
  method: 'GET',
  path: '/api/wallets',
  // The Wallet Management Portal's list; the PND Accounts page is this list at status PND.
  permission: 'wallets.view',
  input: z.object({
    ...listPaging,
    status: walletStatusField.optional(),
    businessId: idField.optional().meta({ label: 'Business ID' }),
    uid: walletUidField.optional().meta({ label: 'Wallet uid' }),
    /** Start of the business name or email, or a business id. */
    search: searchField.optional(),
  }),
  output: listOutput(walletRow),
  list: {
    route: '/wallet-management-portal',
    pageSize: PAGE_SIZE,
    rowKey: 'uid',
    searchField: 'search',
    csv: true,
    detailRoute: '/pnd-accounts/{uid}',
    columns: [
      { key: 'businessId', label: 'Business ID', kind: 'id' },
      { key: 'businessName', label: 'Business', kind: 'text' },
      { key: 'businessEmail', label: 'Email', kind: 'email' },
      { key: 'balance', label: 'Balance', kind: 'money' },
      { key: 'status', label: 'Status', kind: 'enum', priority: 'high' },
      { key: 'statusReason', label: 'Reason', kind: 'text' },
      { key: 'statusChangedAt', label: 'Changed', kind: 'datetime' },
      { key: 'isFraud', label: 'Fraud', kind: 'boolean' },
      { key: 'uid', label: 'Wallet', kind: 'id' },
    ],
  },
  example: 'traction wallets list --status PND',
});

export const updateWalletStatus = defineCommand({
  id: 'wallets.status.update',
  group: 'wallets',
  action: 'set-status',
  title: "Change a wallet's status",
  description: 'ACTIVE lets money move both ways; PND (post-no-debit) lets money in but not out; FROZEN and CLOSED stop both. Needs a reason.',
  keywords: ['pnd', 'post no debit', 'freeze wallet', 'unfreeze', 'close wallet'],
  method: 'PATCH',
  path: '/api/wallet/update/status/{uid}',
  permission: 'wallets.status',
  danger: 'confirm',
  audit: { action: (input) => `change the status of {subject} to ${enumWords(input.status)}`, subject: { kind: 'wallet', from: 'uid' }, note: 'reason' },
  input: z.object({ uid: walletUidField, status: walletStatusField, reason: reasonField }),
  output: z.object({ wallet: walletRow, message: z.string() }),
  example: 'traction wallets set-status --uid 3f2b8c1e-9a4d-4c5e-8f7a-2b1c0d9e8f7a --status PND --reason "Disputed inflows under review"',
});
