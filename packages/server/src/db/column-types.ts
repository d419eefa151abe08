import type { ColumnType } from 'kysely';

/** Set by the database on insert, never updated. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A timestamp the application writes. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
