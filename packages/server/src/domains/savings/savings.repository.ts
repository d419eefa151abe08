import {
  koboFromDatabase,
  NIGERIAN_STATES,
  normaliseNigerianPhone,
  rangeBoundToDate,
  type SavingsPlan,
  stateName,
  type WaitlistRow,
  type WaitlistSource,
} from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { containsPattern, lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';
import { type CsvColumns, lookupSql } from '../../handling/csv-sql';

/** The wait-list (0036) with the merchant an entry names, if any (a unique key: the count is the entries'). */
export function waitlistQuery(db: Db) {
  return db
    .selectFrom('savings_waitlist as w')
    .leftJoin('businesses as b', 'b.id', 'w.business_id')
    .select([
      'w.id',
      'w.name',
      'w.email',
      'w.phone',
      'w.business_id',
      'b.name as business_name',
      'w.plan',
      'w.monthly_amount',
      'w.state_code',
      'w.source',
      'w.joined_at',
    ]);
}
type WaitlistQuery = ReturnType<typeof waitlistQuery>;

export interface WaitlistFilters {
  search?: string | undefined;
  startdatetime?: string | undefined;
  enddatetime?: string | undefined;
  plan?: SavingsPlan | undefined;
  source?: WaitlistSource | undefined;
  stateCode?: string | undefined;
}

/**
 * Search: a whole phone number however it is written (exactly), or a run of its digits; otherwise
 * the start of the name or of any word of it, or the start of the email, whatever the case.
 */
export function filterWaitlist(query: WaitlistQuery, filters: WaitlistFilters): WaitlistQuery {
  let out = query;
  if (filters.startdatetime) out = out.where('w.joined_at', '>=', rangeBoundToDate(filters.startdatetime, 'start'));
  if (filters.enddatetime) out = out.where('w.joined_at', '<=', rangeBoundToDate(filters.enddatetime, 'end'));
  if (filters.plan) out = out.where('w.plan', '=', filters.plan);
  if (filters.source) out = out.where('w.source', '=', filters.source);
  if (filters.stateCode) out = out.where('w.state_code', '=', filters.stateCode);
  const search = filters.search?.trim();
  if (search) {
    const phone = normaliseNigerianPhone(search);
    // Stored as +234…: a number written the local way (0803…) is looked for without its 0.
    const digits = search.replace(/[\s().+-]/g, '').replace(/^0/, '');
    if (phone) out = out.where('w.phone', '=', phone);
    else if (/^\d{3,}$/.test(digits)) out = out.where('w.phone', 'like', containsPattern(digits));
    else {
      const lower = search.toLowerCase();
      out = out.where(
        sql<boolean>`(lower(w.name) like ${lowerPrefixPattern(lower)} or lower(w.name) like ${`% ${lowerPrefixPattern(lower)}`} or w.email like ${lowerPrefixPattern(lower)})`,
      );
    }
  }
  return out;
}

export function toWaitlistRow(row: RowOf<typeof waitlistQuery>): WaitlistRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    businessId: row.business_id,
    businessName: row.business_name ?? null,
    plan: row.plan,
    monthlyAmount: row.monthly_amount === null ? null : koboFromDatabase(row.monthly_amount),
    stateCode: row.state_code,
    stateName: row.state_code === null ? null : stateName(row.state_code),
    source: row.source,
    joinedAt: isoTimestamp(row.joined_at),
  };
}

const STATE_NAMES = Object.fromEntries(NIGERIAN_STATES.map((state) => [state.code, state.name]));

/** `toWaitlistRow` as SQL over `waitlistQuery`'s tables, for exports PostgreSQL writes itself. */
export const waitlistCsv: CsvColumns<WaitlistRow> = {
  id: 'w.id',
  name: 'w.name',
  email: 'w.email',
  phone: 'w.phone',
  businessId: 'w.business_id',
  businessName: 'b.name',
  plan: 'w.plan',
  monthlyAmount: 'w.monthly_amount',
  stateCode: 'w.state_code',
  stateName: lookupSql('w.state_code', STATE_NAMES, 'w.state_code'),
  source: 'w.source',
  joinedAt: 'w.joined_at',
};
