import {
  badRequest,
  conflict,
  type CumulationStatus,
  formatNaira,
  koboFromDatabase,
  lagosDateTime,
  notFound,
  SETTLEMENT_APPROVAL_ACTION,
  type SettlementAction,
  type SettlementOutcome,
} from '@traction/core';
import type { Db } from '../../db/connect';
import { isoTimestamp } from '../../db/timestamps';
import { createApprovalRequest, needsApproval, type Acting } from '../approvals/index';
import { openCompanyAccounts, post, walletAccount } from '../ledger/index';
import { type LockedCumulation, lockCumulations, lockGroup, updateCumulations } from './settlements.repository';

export interface SettlementAsk {
  groupId: number;
  action: SettlementAction;
  /** The cumulations named, or every ready one of the group. */
  cumulations: readonly number[] | 'all';
  reference?: string | undefined;
  note?: string | undefined;
}

/** Who settles, when, through which command and request (kept on the ledger transfers). */
export interface Settler {
  adminId: number;
  now: Date;
  commandId: string;
  requestId: string | null;
}

const dayWords = (date: string, aggregator: boolean) => `${date} ${aggregator ? 'aggregator' : 'direct'}`;

/** Why a cumulation cannot be settled now, in a sentence that names the earlier settlement. */
function refusal(row: LockedCumulation, closesAt: Date, now: Date): string | null {
  if (row.status === 'SETTLED' || row.status === 'SETTLED_MANUALLY') {
    const how = row.settled_action === 'actual-settle' ? `to its wallet as ${row.ledger_reference}` : `outside the system (reference ${row.settled_reference})`;
    const when = row.settled_at ? ` on ${lagosDateTime(isoTimestamp(row.settled_at))}` : '';
    return `cumulation #${row.id} (${row.business_name}) was already settled ${how}${when}${row.settled_by_name ? ` by ${row.settled_by_name}` : ''}`;
  }
  if (row.status === 'AWAITING_APPROVAL') return `cumulation #${row.id} (${row.business_name}) waits for approval request #${row.approval_request_id}`;
  if (row.status === 'OPEN' || closesAt.getTime() > now.getTime())
    return `cumulation #${row.id} (${row.business_name}) is still open: its day's payments are still arriving (it closes at ${lagosDateTime(isoTimestamp(closesAt))})`;
  return null;
}

/**
 * Settles cumulations of one group, each at most once, or asks a second admin first when the net
 * is above the settlement policy's amount. All or nothing: a cumulation that cannot be settled
 * (settled before, waiting, open, a wallet that refuses credits) refuses the whole command with
 * its reason, and nothing moves. Runs in the command's transaction, with its audit row.
 */
export async function settle(
  db: Db,
  ask: SettlementAsk,
  who: Settler,
  approval: { acting: Acting; reason: string } | { approvedRequestId: number },
): Promise<SettlementOutcome> {
  const group = await lockGroup(db, ask.groupId);
  if (!group) throw notFound(`Settlement group ${ask.groupId} does not exist`);
  const rows = await lockCumulations(db, ask.groupId, ask.cumulations, who.now);
  const day = dayWords(group.settlement_date, group.aggregator);
  if (ask.cumulations !== 'all') {
    const found = new Set(rows.map((row) => Number(row.id)));
    const missing = ask.cumulations.filter((id) => !found.has(id));
    if (missing.length)
      throw notFound(
        `Settlement group ${ask.groupId} (${day}) has no cumulation ${missing
          .slice(0, 5)
          .map((id) => `#${id}`)
          .join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`,
      );
  }
  const approvedRequestId = 'approvedRequestId' in approval ? approval.approvedRequestId : null;
  // An approved request settles exactly what it asked for, waiting under it; otherwise what is ready.
  const targets = approvedRequestId !== null ? rows : ask.cumulations === 'all' ? rows.filter((row) => row.status === 'PENDING') : rows;
  if (approvedRequestId !== null) {
    const strays = rows.filter((row) => row.stored_status !== 'AWAITING_APPROVAL' || row.approval_request_id !== approvedRequestId);
    if (strays.length)
      throw conflict(
        `Approval request #${approvedRequestId} cannot settle ${strays.map((row) => `#${row.id}`).join(', ')}: no longer waiting for it; decline it`,
        {
          reason: 'settlement_not_waiting',
        },
      );
  } else {
    const refused = targets.map((row) => refusal(row, group.closes_at, who.now)).filter((reason): reason is string => reason !== null);
    if (refused.length)
      throw conflict(`Nothing was settled: ${refused.slice(0, 3).join('; ')}${refused.length > 3 ? `; and ${refused.length - 3} more` : ''}`, {
        reason: 'not_settleable',
        refused: refused.length,
      });
  }
  if (targets.length === 0) throw conflict(`Settlement group ${ask.groupId} (${day}) has no cumulation ready to settle`, { reason: 'nothing_to_settle' });
  if (ask.action === 'manual-settle' && !ask.reference)
    throw badRequest('A manual settlement needs the reference of the payment made outside the system', [
      { field: 'reference', message: 'is required for manual-settle' },
    ]);

  const net = targets.reduce((sum, row) => sum + (row.amount - row.charges), 0n);
  const charges = targets.reduce((sum, row) => sum + row.charges, 0n);
  const ids = targets.map((row) => Number(row.id));
  const summary = (status: CumulationStatus, reference: (row: LockedCumulation) => string | null) =>
    targets.map((row) => ({
      id: Number(row.id),
      businessName: row.business_name ?? '',
      net: koboFromDatabase(row.amount - row.charges),
      charges: koboFromDatabase(row.charges),
      status,
      reference: reference(row),
    }));
  const what = `${targets.length} cumulation${targets.length === 1 ? '' : 's'} of ${day} (${formatNaira(net)} net, ${formatNaira(charges)} charges)`;

  if (approvedRequestId === null && 'acting' in approval && (await needsApproval(db, SETTLEMENT_APPROVAL_ACTION, net))) {
    const verb = ask.action === 'actual-settle' ? 'Settle to wallets' : 'Mark as settled outside the system';
    const { request } = await createApprovalRequest(approval.acting, {
      commandId: SETTLEMENT_APPROVAL_ACTION,
      businessId: targets.length === 1 ? targets[0]!.business_id : null,
      amount: Number(net > 0n ? net : 1n),
      reason: `${verb}: ${what}${ask.reference ? `, reference ${ask.reference}` : ''}. ${approval.reason}`.trim(),
      input: { groupId: ask.groupId, action: ask.action, cumulationIds: ids, reference: ask.reference ?? null, note: ask.note ?? null },
      evidenceUploadId: null,
    });
    await updateCumulations(db, ids, { status: 'AWAITING_APPROVAL', approval_request_id: request.id, updated_at: who.now });
    return {
      groupId: ask.groupId,
      action: ask.action,
      outcome: 'AWAITING_APPROVAL',
      approvalRequestId: request.id,
      cumulations: summary('AWAITING_APPROVAL', () => null),
      net: koboFromDatabase(net),
      charges: koboFromDatabase(charges),
      message: `Above the settlement policy's amount: approval request #${request.id} asks a second admin to settle ${what}.`,
    };
  }

  const settledBy = { settled_by: who.adminId, settled_at: who.now, settled_note: ask.note ?? null, updated_at: who.now };
  if (ask.action === 'manual-settle') {
    await updateCumulations(db, ids, { status: 'SETTLED_MANUALLY', settled_action: 'manual-settle', settled_reference: ask.reference!, ...settledBy });
    return {
      groupId: ask.groupId,
      action: ask.action,
      outcome: 'SETTLED',
      approvalRequestId: approvedRequestId,
      cumulations: summary('SETTLED_MANUALLY', () => ask.reference!),
      net: koboFromDatabase(net),
      charges: koboFromDatabase(charges),
      message: `Marked ${what} as settled outside the system, reference ${ask.reference}. No money moved.`,
    };
  }

  // Each cumulation once: its net from settlement clearing to the merchant's wallet, its charges to fee income.
  const company = await openCompanyAccounts(db);
  const references = new Map<number, string>();
  for (const row of targets) {
    if (!row.wallet_uid)
      throw conflict(`Nothing was settled: ${row.business_name} (cumulation #${row.id}) has no wallet to settle to`, { reason: 'no_wallet' });
    const wallet = await walletAccount(db, row.wallet_uid);
    const reference = `STL-${row.id}`;
    const narration = `Settlement of ${row.payment_count} payment${row.payment_count === 1 ? '' : 's'} of ${day}`;
    const legs = [
      ...(row.amount - row.charges > 0n
        ? [
            {
              debit: company.settlementClearing,
              credit: wallet.id,
              amount: row.amount - row.charges,
              kind: 'settlement' as const,
              reference,
              narration,
              counterparty: `Settlement ${day}`,
            },
          ]
        : []),
      ...(row.charges > 0n
        ? [
            {
              debit: company.settlementClearing,
              credit: company.feeIncome,
              amount: row.charges,
              kind: 'fee' as const,
              reference: `${reference}-FEE`,
              narration: `Charges on ${narration.toLowerCase()}`,
            },
          ]
        : []),
    ];
    const posted = await post(db, legs, { adminId: who.adminId, commandId: who.commandId, requestId: who.requestId, at: who.now });
    references.set(Number(row.id), posted[0]!.reference);
    await updateCumulations(db, [Number(row.id)], {
      status: 'SETTLED',
      settled_action: 'actual-settle',
      settled_reference: posted[0]!.reference,
      ledger_transfer_id: posted[0]!.id,
      ...settledBy,
    });
  }
  return {
    groupId: ask.groupId,
    action: ask.action,
    outcome: 'SETTLED',
    approvalRequestId: approvedRequestId,
    cumulations: summary('SETTLED', (row) => references.get(Number(row.id)) ?? null),
    net: koboFromDatabase(net),
    charges: koboFromDatabase(charges),
    message: `Settled ${what} to the merchants' wallets.`,
  };
}
