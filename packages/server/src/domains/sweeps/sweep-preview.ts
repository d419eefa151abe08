import { formatNaira, moneyMovementPolicy, type WalletStatus } from '@traction/core';
import type { Insertable } from 'kysely';
import type { SweepRowsTable } from '../../db/tables/sweeps.tables';
import type { SweepSourceRecord } from './sweeps.repository';

/** A wallet a sweep was asked to take from, as the preview reads it. */
export interface CandidateSource {
  businessId: number;
  businessName: string;
  isFraud: boolean;
  walletUid: string | null;
  walletStatus: WalletStatus | null;
  balance: bigint;
  fixedAccountBank: 'WEMA' | 'PROVIDUS' | 'VFD' | null;
  fixedAccountNumber: string | null;
  fixedAccountName: string | null;
}

export const candidateOf = (record: SweepSourceRecord): CandidateSource => ({
  businessId: record.business_id,
  businessName: record.business_name,
  isFraud: record.is_fraud,
  walletUid: record.wallet_uid,
  walletStatus: record.wallet_status,
  balance: BigInt(record.balance),
  fixedAccountBank: record.fixed_bank ?? null,
  fixedAccountNumber: record.fixed_number ?? null,
  fixedAccountName: record.fixed_name ?? null,
});

export interface PreviewedSource extends CandidateSource {
  amount: bigint;
  /** Why it is not swept; null when it is. */
  skip: { rule: string; reason: string } | null;
}

/**
 * What a sweep would take from one wallet: its balance less the transfer fee and what to leave
 * behind, unless the money policy keeps money in it (PND, frozen, fraud) or nothing would be left.
 */
export function previewSource(source: CandidateSource, terms: { fee: bigint; leaveBehind: bigint }): PreviewedSource {
  const policy = moneyMovementPolicy({ isFraud: source.isFraud, walletStatus: source.walletStatus, fixedAccount: null }).debit;
  if (!policy.allowed) return { ...source, amount: 0n, skip: { rule: policy.rule, reason: policy.reason } };
  const amount = source.balance - terms.fee - terms.leaveBehind;
  if (amount <= 0n) {
    const behind = terms.leaveBehind > 0n ? ` and the ${formatNaira(terms.leaveBehind)} to leave behind` : '';
    return {
      ...source,
      amount: 0n,
      skip: { rule: 'nothing_to_sweep', reason: `It holds ${formatNaira(source.balance)}: nothing is left after the ${formatNaira(terms.fee)} fee${behind}` },
    };
  }
  return { ...source, amount, skip: null };
}

/** The richest first, as the sources list shows them; ties by business id. */
export const previewOrder = (a: PreviewedSource, b: PreviewedSource) =>
  a.balance === b.balance ? a.businessId - b.businessId : a.balance > b.balance ? -1 : 1;

export function sweepRowValues(sweepId: bigint, sources: readonly PreviewedSource[]): Insertable<SweepRowsTable>[] {
  return sources.map((source, index) => ({
    sweep_id: sweepId,
    row_number: index + 1,
    business_id: source.businessId,
    wallet_uid: source.walletUid,
    fixed_account_bank: source.fixedAccountBank,
    fixed_account_number: source.fixedAccountNumber,
    fixed_account_name: source.fixedAccountName,
    balance: source.balance,
    amount: source.amount,
    state: source.skip ? 'SKIPPED' : 'WAITING',
    skip_rule: source.skip?.rule ?? null,
    skip_reason: source.skip?.reason ?? null,
  }));
}

/** How the sources were chosen, in words, for the sweep's page and the approver. */
export function selectionText(
  selection: { ids?: number[] | undefined; matching?: Record<string, unknown> | undefined; except: number[] },
  counts: { listed: number },
): string {
  if (selection.ids) return `${selection.ids.length} selected wallet${selection.ids.length === 1 ? '' : 's'}`;
  const filters = selection.matching ?? {};
  const parts: string[] = [];
  if (typeof filters.minBalance === 'number') parts.push(`holding at least ${formatNaira(filters.minBalance)}`);
  if (typeof filters.bank === 'string') parts.push(`with a ${filters.bank} fixed account`);
  if (typeof filters.walletStatus === 'string') parts.push(`whose wallet is ${filters.walletStatus}`);
  if (typeof filters.search === 'string' && filters.search.trim()) parts.push(`matching "${filters.search.trim()}"`);
  const except = selection.except.length ? `, less ${selection.except.length} left out` : '';
  return `Every wallet${parts.length ? ` ${parts.join(', ')}` : ''}${except} (${counts.listed} with money)`;
}
