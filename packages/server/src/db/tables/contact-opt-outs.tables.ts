import type { ColumnType, Generated } from 'kysely';

/** One address that must not be written to on one channel (0037). */
export interface ContactOptOutsTable {
  id: Generated<number>;
  channel: 'EMAIL' | 'SMS';
  /** Lower-cased email, or a `+234…` phone number. */
  address: string;
  source: 'UNSUBSCRIBE_LINK' | 'MARKETING_PROVIDER' | 'ADMIN' | 'UPLOAD';
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
