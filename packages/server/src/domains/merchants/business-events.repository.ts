import type { BusinessEventKind } from '@traction/core';
import type { Db } from '../../db/connect';

export interface BusinessEvent {
  businessId: number;
  kind: BusinessEventKind;
  /** One sentence people read in the business's history. */
  message: string;
  adminId: number | null;
  details?: Record<string, unknown>;
  at: Date;
}

/** Adds to a business's history; call inside the command's transaction so both land or neither. */
export async function recordBusinessEvents(db: Db, events: readonly BusinessEvent[]): Promise<void> {
  // In chunks: six parameters an event, and a bulk command may record tens of thousands.
  for (let start = 0; start < events.length; start += EVENTS_PER_INSERT) {
    await insertChunk(db, events.slice(start, start + EVENTS_PER_INSERT));
  }
}

const EVENTS_PER_INSERT = 1_000;

async function insertChunk(db: Db, events: readonly BusinessEvent[]): Promise<void> {
  await db
    .insertInto('business_events')
    .values(
      events.map((event) => ({
        business_id: event.businessId,
        kind: event.kind,
        message: event.message,
        admin_id: event.adminId,
        details: JSON.stringify(event.details ?? {}),
        at: event.at,
      })),
    )
    .execute();
}
