import type { ColumnType, Generated } from 'kysely';

/** One request to a public endpoint, counted against its address (0037). */
export interface PublicRequestsTable {
  id: Generated<bigint>;
  name: string;
  ip: string;
  at: ColumnType<Date, Date | string, Date | string>;
}
