import { type SelectQueryBuilder, sql } from 'kysely';

/** A range of creation times, its bounds already turned into instants. */
export interface CreatedRange {
  from?: Date | undefined;
  to?: Date | undefined;
}

/**
 * The filters every dataset shares: rows made within the range and, when asked, of one merchant,
 * on the dataset's own table (`alias`: its `created_at` and `business_id`).
 */
export function scopeDataset<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  alias: string,
  filters: CreatedRange & { businessId?: number | undefined },
): SelectQueryBuilder<DB, TB, O> {
  let out = query;
  if (filters.from) out = out.where(sql<boolean>`${sql.ref(`${alias}.created_at`)} >= ${filters.from}`);
  if (filters.to) out = out.where(sql<boolean>`${sql.ref(`${alias}.created_at`)} <= ${filters.to}`);
  if (filters.businessId !== undefined) out = out.where(sql<boolean>`${sql.ref(`${alias}.business_id`)} = ${filters.businessId}`);
  return out;
}
