import type { SignedInAdmin } from '../../handling/handler-context';
import type { Db } from '../../db/connect';
import { recordBusinessEvents, type BusinessEvent } from '../merchants/index';
import { lockBusinessesToFlag, writeFraudFlag, writeTrust } from './flags.repository';

/**
 * Marks (or clears) fraud on the businesses not already in that state, under their row locks,
 * and says so in each one's history. Marking also withdraws trust — trust never outranks a fraud
 * mark — and the history says that too. Returns the ids changed.
 */
export async function markFraud(
  db: Db,
  ids: readonly number[],
  change: { mark: boolean; reason: string | undefined; actor: SignedInAdmin; at: Date },
): Promise<number[]> {
  if (ids.length === 0) return [];
  const { mark, reason, actor, at } = change;
  const before = await lockBusinessesToFlag(db, ids, mark);
  if (before.length === 0) return [];
  const changed = before.map((row) => row.id);
  await writeFraudFlag(db, changed, { mark, reason: reason ?? null, adminId: actor.id, at });
  const events: BusinessEvent[] = [];
  for (const row of before) {
    events.push({
      businessId: row.id,
      kind: mark ? 'fraud.marked' : 'fraud.cleared',
      message: mark ? `Marked as fraud: ${reason}` : `Fraud mark cleared${reason ? `: ${reason}` : ''}`,
      adminId: actor.id,
      details: reason ? { reason } : {},
      at,
    });
    if (mark && row.is_trusted) {
      events.push({
        businessId: row.id,
        kind: 'trust.revoked',
        message: 'Trust withdrawn: the business was marked as fraud',
        adminId: actor.id,
        details: { cause: 'fraud.marked' },
        at,
      });
    }
  }
  await recordBusinessEvents(db, events);
  return changed;
}

/** Grants or withdraws trust on a business already locked and checked, with its history entry. */
export async function setTrust(db: Db, businessId: number, change: { trusted: boolean; actor: SignedInAdmin; at: Date }): Promise<void> {
  await writeTrust(db, businessId, { trusted: change.trusted, adminId: change.actor.id, at: change.at });
  await recordBusinessEvents(db, [
    {
      businessId,
      kind: change.trusted ? 'trust.granted' : 'trust.revoked',
      message: change.trusted ? 'Trusted' : 'Trust withdrawn',
      adminId: change.actor.id,
      at: change.at,
    },
  ]);
}
