import { koboFromDatabase } from '@traction/core';
import { sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';

/** Prices with the one before the last change (0028). */
export function terminalPriceQuery(db: Db) {
  return db
    .selectFrom('terminal_prices as tp')
    .leftJoin('admins as a', 'a.id', 'tp.changed_by')
    .select(['tp.id', 'tp.provider', 'tp.model', 'tp.plan', 'tp.amount', 'tp.changed_at', adminNameSql('a').as('changed_by_name')])
    .select(
      sql<string | null>`(select c.previous_amount::text from terminal_price_changes c where c.price_id = tp.id order by c.id desc limit 1)`.as(
        'previous_amount',
      ),
    );
}

export function toTerminalPrice(row: RowOf<typeof terminalPriceQuery>) {
  return {
    id: row.id,
    provider: row.provider,
    model: row.model,
    plan: row.plan,
    amount: koboFromDatabase(row.amount),
    previousAmount: row.previous_amount === null ? null : koboFromDatabase(BigInt(row.previous_amount)),
    changedAt: isoTimestamp(row.changed_at),
    changedBy: row.changed_by_name,
  };
}

export function priceChangeQuery(db: Db, priceId: number) {
  return db
    .selectFrom('terminal_price_changes as c')
    .leftJoin('admins as a', 'a.id', 'c.admin_id')
    .select(['c.id', 'c.at', 'c.amount', 'c.previous_amount', 'c.reason', adminNameSql('a').as('by')])
    .where('c.price_id', '=', priceId);
}

export function toPriceChange(row: RowOf<typeof priceChangeQuery>) {
  return {
    id: Number(row.id),
    at: isoTimestamp(row.at),
    amount: koboFromDatabase(row.amount),
    previousAmount: row.previous_amount === null ? null : koboFromDatabase(row.previous_amount),
    reason: row.reason,
    by: row.by,
  };
}
