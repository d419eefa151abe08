import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { checkRangeOrder, idField } from '../../schemas/common';
import { reasonField } from '../../schemas/risk';
import { checkSelection, selectionFields } from '../../selection';
import { said } from '../audit/audit-description';
import { beneficiaryFields, narrationField } from '../transfers/transfer-schemas';
import {
  leaveBehindField,
  sweep,
  sweepDetail,
  sweepHistoryColumns,
  sweepHistoryFilters,
  sweepHistoryRow,
  sweepOutcome,
  sweepSource,
  sweepSourceColumns,
  sweepSourceFilters,
} from './sweep-schemas';

/**
 * Bulk sweeps (spec §7 "Bulk transfer", on the second fund-transfer backend, whose paths we put
 * under /ft/v1): the balances of many merchant wallets, each as one outgoing transfer, to one bank
 * account. Made as a previewed draft, submitted for a second admin's approval, then swept by a
 * server-side job like a bulk upload.
 */

export const listSweepSources = defineCommand({
  id: 'sweeps.sources',
  group: 'sweeps',
  action: 'sources',
  title: 'List wallets a sweep can take from',
  description:
    'Merchant wallets with their balance and the fixed account people know them by, richest first; a wallet money may not leave (PND, frozen, fraud) says why. Select some, or keep the filters, to make a sweep of them.',
  keywords: ['sweep sources', 'wallet balances', 'virtual accounts', 'bulk sweep'],
  method: 'GET',
  path: '/ft/v1/sweep/sources',
  permission: 'transfers.view',
  input: z.object({ ...listPaging, ...sweepSourceFilters }),
  output: listOutput(sweepSource),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'businessId',
    searchField: 'search',
    csv: true,
    route: '/bulk-sweep-new-transfer',
    detailRoute: '/sweep-request/{businessId}/{fixedAccountBank}/{fixedAccountNumber}/{fixedAccountName}',
    rowName: 'businessName',
    columns: sweepSourceColumns,
    bulkCommands: ['sweeps.new'],
  },
  example: 'traction sweeps sources --min-balance 100000 --bank WEMA',
});

const sourceSelection = selectionFields(listSweepSources);

export const newSweep = defineCommand({
  id: 'sweeps.new',
  group: 'sweeps',
  action: 'new',
  title: 'Make a bulk sweep',
  description:
    "Previews sweeping the wallets selected (ids) or matching the sources list's filters (matching) to one bank account, confirmed by name enquiry: each source's amount (its balance less the transfer fee and what to leave behind), or why it is skipped, and the total. Saved as a draft to submit with sweeps process; nothing moves yet. previewOnly saves nothing.",
  keywords: ['bulk sweep', 'sweep balances', 'new sweep', 'consolidate', 'move balances'],
  method: 'POST',
  path: '/ft/v1/sweep/new',
  permission: 'transfers.bulk',
  audit: {
    action: (input) =>
      `${input.previewOnly === true ? 'preview' : 'draft'} a sweep to ${said(input.accountNumber) || 'an account'} at bank ${said(input.bankCode) || '?'}`,
  },
  input: z
    .object({
      /** The wallets to sweep, by business id (the sources list's rows). */
      ids: sourceSelection.ids.describe('the business ids of the wallets to sweep'),
      /** Or every wallet the sources list shows for these filters. */
      matching: sourceSelection.matching.describe(
        'or every wallet the sources list shows for these filters, e.g. {"minBalance":500000,"bank":"WEMA"} (amounts in kobo)',
      ),
      /** Business ids left out of `matching`. */
      except: sourceSelection.except.describe('business ids to leave out of --matching'),
      bankCode: beneficiaryFields.bankCode.meta({
        label: 'Bank code',
        description: "the destination bank's 3-digit CBN code (058 GTBank; traction sweeps banks lists them)",
      }),
      accountNumber: beneficiaryFields.accountNumber.meta({
        label: 'Account number',
        description: 'the destination account number (NUBAN), confirmed by name enquiry',
      }),
      /** The name the destination must hold; refused if the bank's name enquiry says otherwise. */
      accountName: z
        .string()
        .trim()
        .max(200)
        .optional()
        .meta({ label: 'Expected account name', description: 'the name the destination must hold; refused if the bank says otherwise' }),
      leaveBehind: leaveBehindField.default(0).describe('what to leave in each wallet'),
      narration: narrationField.default('Wallet sweep').describe("what the destination's statement shows"),
      /** Show the preview and save nothing. */
      previewOnly: z.boolean().default(false).meta({ label: 'Preview only', description: 'show the preview and save nothing' }),
    })
    .superRefine(checkSelection),
  output: sweepOutcome,
  example: `traction sweeps new --matching '{"minBalance":5000000,"bank":"WEMA"}' --leave-behind 1,000 --bank-code 058 --account-number 0123456789 --narration "Month-end sweep"`,
});

export const processSweep = defineCommand({
  id: 'sweeps.process',
  group: 'sweeps',
  action: 'process',
  title: 'Submit a sweep for approval',
  description:
    'Asks a second admin to approve a draft sweep (its total under the bulk sweep approval policy). Once approved, the server sweeps each source as one transfer, re-reading its balance then: never more than the preview, nor than the wallet holds.',
  keywords: ['process sweep', 'approve sweep', 'run sweep', 'submit'],
  method: 'POST',
  path: '/ft/v1/sweep/process',
  permission: 'transfers.bulk',
  danger: 'confirm',
  audit: { action: (input) => `submit sweep #${said(input.id) || '?'} for approval`, note: 'reason' },
  input: z.object({
    id: idField.meta({ label: 'Sweep ID', description: 'the sweep (traction sweeps history lists them)' }),
    reason: reasonField.meta({ label: 'Reason', description: 'why, as the approving admin reads it' }),
  }),
  output: z.object({ sweep, message: z.string() }),
  example: 'traction sweeps process --id 12 --reason "Month-end consolidation to the settlement account"',
});

export const cancelSweep = defineCommand({
  id: 'sweeps.cancel',
  group: 'sweeps',
  action: 'cancel',
  title: 'Cancel a sweep',
  description: 'Withdraws a sweep that has not run (a draft, or one waiting for approval, declined or expired): it never runs.',
  keywords: ['cancel sweep', 'withdraw'],
  method: 'POST',
  path: '/ft/v1/sweep/cancel',
  permission: 'transfers.bulk',
  danger: 'confirm',
  audit: { action: (input) => `cancel sweep #${said(input.id) || '?'}`, note: 'reason' },
  input: z.object({ id: idField.meta({ label: 'Sweep ID' }), reason: reasonField }),
  output: z.object({ sweep, message: z.string() }),
  example: 'traction sweeps cancel --id 12 --reason "Wrong destination"',
});

export const getSweepStatus = defineCommand({
  id: 'sweeps.status',
  group: 'sweeps',
  action: 'status',
  title: 'Show a sweep',
  description: 'One sweep: its status, its sources by status, the amount moved, its job, and every source with its amount and transfer.',
  keywords: ['sweep status', 'sweep progress', 'sweep request'],
  method: 'GET',
  path: '/ft/v1/sweep/status',
  permission: 'transfers.view',
  input: z.object({ id: idField.meta({ label: 'Sweep ID' }) }),
  output: sweepDetail,
  example: 'traction sweeps status --id 12',
});

export const listSweeps = defineCommand({
  id: 'sweeps.history',
  group: 'sweeps',
  action: 'history',
  title: 'List bulk sweeps',
  description: 'Every sweep, newest first: destination, sources, total, status and how far it has got.',
  keywords: ['sweep history', 'bulk sweep', 'sweeps'],
  method: 'GET',
  path: '/ft/v1/history/sweep',
  permission: 'transfers.view',
  input: z.object({ ...listPaging, ...sweepHistoryFilters }).superRefine(checkRangeOrder),
  output: listOutput(sweepHistoryRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    csv: true,
    route: '/bulk-sweep-history',
    detailRoute: '/bulk-sweep-history/{id}',
    rowName: 'accountName',
    columns: sweepHistoryColumns,
  },
  example: 'traction sweeps history --status RUNNING --from 30d',
});
