import type { SavedView } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';

/** Every view is read through its owner: another admin's id finds nothing, as if it did not exist. */
const viewsOf = (db: Db, adminId: number) =>
  db.selectFrom('saved_views').select(['id', 'name', 'list_id', 'page', 'filters', 'created_at', 'updated_at']).where('admin_id', '=', adminId);

type ViewRow = RowOf<typeof viewsOf>;

// Both drivers read jsonb as an object; text is parsed in case a driver hands it over unparsed.
const filtersOf = (value: unknown): Record<string, string> => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, string>;

function toSavedView(row: ViewRow): SavedView {
  return {
    id: row.id,
    name: row.name,
    listId: row.list_id,
    page: row.page,
    filters: filtersOf(row.filters),
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

/** The admin's views by name (any case), then oldest first. */
export async function listViews(db: Db, adminId: number): Promise<SavedView[]> {
  const rows = await viewsOf(db, adminId).orderBy(sql`lower(name)`).orderBy('id').execute();
  return rows.map(toSavedView);
}

/** One of the admin's views, or undefined (none, or someone else's). */
export async function findView(db: Db, adminId: number, id: number): Promise<SavedView | undefined> {
  const row = await viewsOf(db, adminId).where('id', '=', id).executeTakeFirst();
  return row && toSavedView(row);
}

/** The admin's view of a list with this name in any case, other than `exceptId`. */
export async function findViewNamed(db: Db, args: { adminId: number; listId: string; name: string; exceptId?: number }): Promise<SavedView | undefined> {
  let query = viewsOf(db, args.adminId).where('list_id', '=', args.listId).where(sql<boolean>`lower(name) = lower(${args.name})`);
  if (args.exceptId !== undefined) query = query.where('id', '<>', args.exceptId);
  const row = await query.executeTakeFirst();
  return row && toSavedView(row);
}

/**
 * Takes the admin's row lock until the transaction ends, so that two saves at once count each
 * other's view and the limit holds.
 */
export async function lockViewsOf(db: Db, adminId: number): Promise<void> {
  await db.selectFrom('admins').select('id').where('id', '=', adminId).forUpdate().executeTakeFirst();
}

export async function countViews(db: Db, adminId: number): Promise<number> {
  const row = await db
    .selectFrom('saved_views')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('admin_id', '=', adminId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertView(
  db: Db,
  view: { adminId: number; name: string; listId: string; page: string; filters: Record<string, string>; at: Date },
): Promise<SavedView> {
  const { id } = await db
    .insertInto('saved_views')
    .values({
      admin_id: view.adminId,
      name: view.name,
      list_id: view.listId,
      page: view.page,
      filters: JSON.stringify(view.filters),
      created_at: view.at,
      updated_at: view.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findView(db, view.adminId, id))!;
}

export async function renameView(db: Db, args: { adminId: number; id: number; name: string; at: Date }): Promise<SavedView> {
  await db.updateTable('saved_views').set({ name: args.name, updated_at: args.at }).where('admin_id', '=', args.adminId).where('id', '=', args.id).execute();
  return (await findView(db, args.adminId, args.id))!;
}

export async function deleteView(db: Db, adminId: number, id: number): Promise<void> {
  await db.deleteFrom('saved_views').where('admin_id', '=', adminId).where('id', '=', id).execute();
}
