import { type RawBuilder, sql } from 'kysely';

/**
 * An admin's full name in SQL from the admins row joined as `alias`: first and last name with a
 * space between, NULL when both are empty (an admin invited but not yet named), so lists say "—".
 */
export const adminNameSql = (alias: string): RawBuilder<string | null> =>
  sql<string | null>`nullif(trim(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, '')), '')`;
