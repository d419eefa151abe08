import { createHash } from 'node:crypto';
import { ApiError, badRequest, formatByteSize, formatNaira, MAX_BULK_TRANSFER_FILE_BYTES, safeFileName } from '@traction/core';
import type { Db } from '../../db/connect';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { balances, openCompanyAccounts, walletAccount } from '../ledger/index';
import { newTransferBatch, type TransferSource, walletSource } from '../transfers/index';
import { transferFee } from '../wallet-settings/index';
import { parseBulkFile } from './bulk-file';
import { checkRow } from './bulk-row-checks';
import { findStandingUpload, insertRows, insertUpload } from './bulk-transfers.repository';
import { validateRows } from './bulk-validation';

/** The file's own name without folders or characters that could mislead (core's `safeFileName`), as lists show it. */
const fileNameOf = (file: Blob) =>
  safeFileName((file instanceof File ? file.name : '').split(/[\\/]/).pop() ?? '', 'transfers.csv')
    .slice(0, 200)
    .trimEnd();

const COMPANY_SOURCE_NAME = { 'fee-income': 'Fee income', adjustments: 'Manual adjustments' } as const;

export interface UploadAsked {
  file: Blob;
  from: 'wallet' | 'company';
  business?: string | undefined;
  companyAccount?: 'fee-income' | 'adjustments' | undefined;
  reuse: boolean;
}

/** What an upload came to: its id, whether an earlier one was reused, and what is worth saying about the money. */
export interface UploadDone {
  id: bigint;
  reused: boolean;
  warnings: string[];
}

/** The paying source `from` names; the one it needs missing is a 400 naming it. */
async function sourceOf(db: Db, asked: UploadAsked): Promise<TransferSource> {
  if (asked.from === 'wallet') {
    if (!asked.business) throw badRequest('Name the business whose wallet pays', [{ field: 'business', message: 'is required to pay from a wallet' }]);
    return walletSource(db, asked.business);
  }
  if (!asked.companyAccount)
    throw badRequest('Name the company account that pays', [{ field: 'companyAccount', message: 'is required to pay from a company account' }]);
  return { kind: 'company', account: asked.companyAccount };
}

/** What the source holds against what the upload would take: refuses nothing, since it may be topped up before the approval. */
async function balanceWarnings(db: Db, source: TransferSource, needed: bigint): Promise<string[]> {
  if (needed === 0n) return [];
  const accountId =
    source.kind === 'wallet'
      ? (await walletAccount(db, source.walletUid)).id
      : (await openCompanyAccounts(db))[source.account === 'fee-income' ? 'feeIncome' : 'adjustments'];
  const held = (await balances(db, [accountId])).get(accountId) ?? 0n;
  if (held >= needed) return [];
  const name = source.kind === 'wallet' ? source.businessName : COMPANY_SOURCE_NAME[source.account];
  return [
    `${name} holds ${formatNaira(held)}; the good rows and their fees come to ${formatNaira(needed)}. Rows the balance cannot cover when they are sent are refused (and can be retried after a top-up).`,
  ];
}

/**
 * Stores a bulk file's rows and checks every one (bulk-row-checks, bulk-validation), outside any
 * transaction while it asks the banks, then writes the upload and its rows with the command's
 * audit row in one short transaction. With `reuse`, an earlier upload of the same file from the
 * same source that still stands is answered instead, and nothing is stored.
 */
export async function uploadBulkFile(ctx: HandlerContext, asked: UploadAsked): Promise<UploadDone> {
  const admin = requireAdmin(ctx);
  const { file } = asked;
  if (file.size > MAX_BULK_TRANSFER_FILE_BYTES) {
    throw new ApiError(413, `The file is ${formatByteSize(file.size)}; the limit is ${formatByteSize(MAX_BULK_TRANSFER_FILE_BYTES)}`, {
      fields: [{ field: 'file', message: `must be at most ${formatByteSize(MAX_BULK_TRANSFER_FILE_BYTES)}` }],
    });
  }
  if (file.size === 0) throw badRequest('The file is empty', [{ field: 'file', message: 'is empty' }]);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  // The file first: what is wrong with it is said whatever the source.
  const parsed = parseBulkFile(bytes);
  const source = await sourceOf(ctx.db, asked);
  const sourceKey = {
    sha256,
    businessId: source.kind === 'wallet' ? source.businessId : null,
    companyAccount: source.kind === 'company' ? source.account : null,
  };

  if (asked.reuse) {
    const standing = await findStandingUpload(ctx.db, sourceKey, ctx.now);
    if (standing) {
      await ctx.auditedTransaction(async () => undefined);
      return { id: standing.id, reused: true, warnings: [] };
    }
  }

  const id = await newTransferBatch(ctx.db, 'bulk');
  const rows = parsed.rows.map((row) => checkRow(row, id));
  await validateRows(ctx.db, ctx.deps, rows);
  const fee = source.kind === 'wallet' ? BigInt(await transferFee(ctx.db)) : 0n;
  const valid = rows.filter((row) => row.problems.length === 0);
  const total = valid.reduce((sum, row) => sum + row.amount, 0n);
  const fees = fee * BigInt(valid.length);

  const warnings = await ctx.auditedTransaction(async (trx) => {
    await insertUpload(trx, {
      id,
      file_name: fileNameOf(file),
      sha256,
      size_bytes: bytes.byteLength,
      format: parsed.format,
      business_id: sourceKey.businessId,
      wallet_uid: source.kind === 'wallet' ? source.walletUid : null,
      company_account: sourceKey.companyAccount,
      source_name: source.kind === 'wallet' ? source.businessName : COMPANY_SOURCE_NAME[source.account],
      row_count: rows.length,
      valid_rows: valid.length,
      bad_rows: rows.length - valid.length,
      total,
      fees,
      created_by: admin.id,
      created_at: ctx.now,
      updated_at: ctx.now,
      pending: valid.length,
    });
    await insertRows(
      trx,
      rows.map((row) => ({
        upload_id: id,
        row_number: row.rowNumber,
        state: row.problems.length === 0 ? 'WAITING' : 'INVALID',
        bank_input: row.bankInput.slice(0, 200),
        bank_code: row.bankCode,
        account_number: row.accountNumber.slice(0, 40),
        amount_input: row.amountInput.slice(0, 60),
        amount: row.amount,
        narration: row.narration,
        reference: row.reference,
        expected_name: row.expectedName,
        account_name: row.accountName,
        problems: JSON.stringify(row.problems),
        updated_at: ctx.now,
      })),
    );
    return balanceWarnings(trx, source, total + fees);
  });
  return { id, reused: false, warnings };
}
