import { isoTimestamp } from '../../db/timestamps';

export const isoOrNull = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : isoTimestamp(value));

/** `{id, name, email}` of a left-joined admin (`r.id as r_id`, `r.first_name as r_first_name`…), or null when none. */
export function adminOf(id: number | null, firstName: string | null, lastName: string | null, email: string | null) {
  if (id === null) return null;
  return { id, name: `${firstName ?? ''} ${lastName ?? ''}`.trim(), email: email ?? '' };
}
