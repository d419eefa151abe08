import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../column-types';

/** One admin's saved view of a list (0009): the list's filters under a name, opened from the palette and the sidebar. */
export interface SavedViewsTable {
  id: Generated<number>;
  admin_id: number;
  name: string;
  /** The list command (`admins.list`). */
  list_id: string;
  /** The console page the view opens (`/admin`). */
  page: string;
  /** The filters as the page's URL holds them; written as JSON text. */
  filters: ColumnType<Record<string, string>, string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
